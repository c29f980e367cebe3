"use server";

import { formAction } from "@/app/_forms/form-action";
import { userActor } from "@/lib/activities/user-actor";
import { taskCreateSchema, taskStatusSchema, taskUpdateSchema } from "@/lib/schemas/tasks";
import { createTask } from "@/lib/tasks/create-task";
import { updateTask } from "@/lib/tasks/update-task";
import type { Member } from "@/lib/users/get-member";
import { taskInputFromForm } from "./task-form-input";

// Tasks are shown on the dashboard, the Tasks page and the lead page (whose timeline gets the
// task_completed activity), so a change refreshes every page. The same services as
// /api/v1/tasks: the same rules, events and activity. `me` in the web UI is the member.

const taskIdOf = (formData: FormData) => String(formData.get("taskId") ?? "");
const meOf = (member: Member) => async () => member.userId;

// "Add task" (lead page, Tasks page): due time typed in the viewer's zone.
export const addTaskAction = formAction(
  {
    schema: taskCreateSchema,
    input: (formData, member) => taskInputFromForm(formData, member.timeZone),
    revalidate: ["/"],
  },
  async ({ member, input }) => {
    const task = await createTask(member.accountId, input, userActor(member), meOf(member));
    return { status: "success", message: "Task added.", taskId: task.id };
  },
);

const STATUS_MESSAGES = { done: "Task done.", open: "Task reopened.", cancelled: "Task cancelled." } as const;

// "Done", "Reopen", "Cancel" on a task: completing one writes task_completed on its lead.
export const setTaskStatusAction = formAction({ revalidate: ["/"] }, async ({ member, formData }) => {
  const status = taskStatusSchema.safeParse(formData.get("status"));
  if (!status.success) return { status: "error", message: "Choose done, open or cancelled." };
  await updateTask(member.accountId, taskIdOf(formData), { status: status.data }, userActor(member), meOf(member));
  return { status: "success", message: STATUS_MESSAGES[status.data] };
});

// "Reschedule": a new day and time for the task, in the viewer's zone.
export const rescheduleTaskAction = formAction(
  {
    schema: taskUpdateSchema,
    input: (formData, member) => taskInputFromForm(formData, member.timeZone),
    revalidate: ["/"],
  },
  async ({ member, input, formData }) => {
    await updateTask(member.accountId, taskIdOf(formData), input, userActor(member), meOf(member));
    return { status: "success", message: "Task rescheduled." };
  },
);
