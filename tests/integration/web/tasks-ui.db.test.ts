import { beforeAll, describe, expect, it } from "vitest";
import { addTaskAction, rescheduleTaskAction, setTaskStatusAction } from "@/app/(app)/tasks/actions";
import { userActor } from "@/lib/activities/user-actor";
import { listMyTasks } from "@/lib/dashboard/list-my-tasks";
import { createTask } from "@/lib/tasks/create-task";
import { getTaskOrThrow } from "@/lib/tasks/get-task-or-throw";
import { agencyWithStaff, form, getLeadWithActivities, leadOf, type Agency } from "./web-fixtures";

// The web UI's task forms go through formAction to the API's services: due times typed in the
// viewer's zone, `me` the member, the same refusals; and the dashboard's "your tasks" splits
// overdue from today in the viewer's zone.

let a: Agency;
let other: Agency;
const withZone = (agency: Agency, timeZone: string) => ({ ...agency.staff, timeZone });

beforeAll(async () => {
  [a, other] = await Promise.all([agencyWithStaff("Task Realty"), agencyWithStaff("Other Task Realty")]);
});

describe(`task forms on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("adds a task for the member in their zone, completes it (task_completed on the lead), reschedules it", async () => {
    const lead = await leadOf(a);
    const ny = withZone(a, "America/New_York");
    const added = await addTaskAction.run(
      ny,
      form({
        title: "Call about the loft",
        type: "call",
        date: "2030-06-03",
        time: "10:00",
        assignedTo: "",
        leadId: lead.id,
      }),
    );
    expect(added).toMatchObject({ status: "success", taskId: expect.stringMatching(/^task_/) });
    const task = await getTaskOrThrow(a.accountId, added.taskId!);
    // 10:00 EDT is 14:00 UTC; an empty "For" is the member.
    expect(task).toMatchObject({ dueAt: "2030-06-03T14:00:00.000Z", assignedTo: a.staff.userId, leadId: lead.id });

    const paris = withZone(a, "Europe/Paris");
    expect(
      await rescheduleTaskAction.run(paris, form({ taskId: task.id, date: "2030-06-04", time: "09:30" })),
    ).toMatchObject({ status: "success" });
    expect((await getTaskOrThrow(a.accountId, task.id)).dueAt).toBe("2030-06-04T07:30:00.000Z");

    expect(await setTaskStatusAction.run(ny, form({ taskId: task.id, status: "done" }))).toMatchObject({
      status: "success",
      message: "Task done.",
    });
    // A call done is first contact: the New lead's move to Contacted follows it (pipeline-moves.ts).
    const [moved, latest] = (await getLeadWithActivities(a.accountId, lead.id)).activities;
    expect(moved).toMatchObject({ type: "lead_status_changed", data: { trigger: "call" } });
    expect(latest).toMatchObject({
      type: "task_completed",
      summary: "Task done: Call about the loft",
      data: { taskId: task.id },
      actor: { type: "user", id: a.staff.userId },
    });
    expect(await setTaskStatusAction.run(ny, form({ taskId: task.id, status: "open" }))).toMatchObject({
      status: "success",
    });
    expect(await getTaskOrThrow(a.accountId, task.id)).toMatchObject({ status: "open", completedAt: null });
  });

  it("says what is wrong: missing title and day, another account's member, another account's task", async () => {
    const ny = withZone(a, "America/New_York");
    expect(await addTaskAction.run(ny, form({ title: "", type: "call", date: "", time: "10:00" }))).toMatchObject({
      status: "error",
      fieldErrors: { title: expect.any(String), date: "Choose a day." },
    });
    expect(
      await addTaskAction.run(
        ny,
        form({ title: "T", type: "call", date: "2030-06-03", time: "10:00", assignedTo: other.staff.userId }),
      ),
    ).toMatchObject({ status: "error" });
    const theirs = await createTask(
      other.accountId,
      { title: "Theirs", dueAt: "2030-06-03T10:00:00.000Z", assignedTo: other.staff.userId },
      userActor(other.staff),
      async () => other.staff.userId,
    );
    expect(await setTaskStatusAction.run(ny, form({ taskId: theirs.id, status: "done" }))).toMatchObject({
      status: "error",
      message: "Task not found.",
    });
    expect(await getTaskOrThrow(other.accountId, theirs.id)).toMatchObject({ status: "open" });
  });

  it("the dashboard lists my open tasks: overdue, then still due today, in my own zone", async () => {
    const b = await agencyWithStaff("Dashboard Task Realty");
    const add = (title: string, dueAt: string, assignedTo = b.staff.userId) =>
      createTask(b.accountId, { title, dueAt, assignedTo }, userActor(b.owner), async () => b.staff.userId);
    await add("yesterday", "2030-06-02T20:00:00.000Z");
    await add("this morning", "2030-06-03T14:00:00.000Z");
    await add("this afternoon", "2030-06-03T22:00:00.000Z");
    await add("late tonight", "2030-06-04T03:30:00.000Z");
    await add("tomorrow", "2030-06-04T05:00:00.000Z");
    await add("the owner's", "2030-06-03T16:00:00.000Z", b.owner.userId);
    const done = await add("done already", "2030-06-03T13:00:00.000Z");
    await setTaskStatusAction.run(b.staff, form({ taskId: done.id, status: "done" }));

    const now = new Date("2030-06-03T15:00:00.000Z");
    const titles = (list: { title: string }[]) => list.map((t) => t.title);
    // 11:00 in New York: today ends at 04:00 UTC.
    const ny = await listMyTasks(b.accountId, b.staff.userId, "America/New_York", now);
    expect(titles(ny.overdue)).toEqual(["this morning", "yesterday"]);
    expect(titles(ny.today)).toEqual(["this afternoon", "late tonight"]);
    // 17:00 in Paris: today ends at 22:00 UTC.
    const paris = await listMyTasks(b.accountId, b.staff.userId, "Europe/Paris", now);
    expect(titles(paris.today)).toEqual([]);
  });
});
