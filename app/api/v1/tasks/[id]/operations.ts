import { exampleOne, exampleTask, exampleTaskDeleted } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { taskDeletedSchema, taskIdParams, taskSchema, taskUpdateSchema } from "@/lib/schemas/tasks";

export const getTask = {
  operationId: "getTask",
  versioned: true,
  method: "get",
  path: "/api/v1/tasks/{id}",
  tag: "Tasks",
  permission: { tasks: "read" },
  summary: "Get a task",
  description: "One task of your account: the URL in `Location` when it was created.",
  params: taskIdParams,
  response: { status: 200, description: "The task.", schema: taskSchema, example: exampleOne(exampleTask) },
  errorExamples: { not_found: { message: "Task not found." } },
} satisfies OperationSpec;

export const updateTask = {
  operationId: "updateTask",
  versioned: true,
  method: "patch",
  path: "/api/v1/tasks/{id}",
  tag: "Tasks",
  permission: { tasks: "write" },
  summary: "Complete, reopen, reschedule or edit a task",
  description: [
    "Send any subset of the fields (at least one); `null` clears `leadId` or `notes`, and fields not sent are kept. `assignedTo` and `leadId` follow the rules of POST /tasks.",
    '`status: done` completes the task: `completedAt` is set to now, and a task about a lead writes a `task_completed` activity on the lead (`data.taskId`); a `call`, `text` or `email` task done also moves a `new` lead to `contacted`, unless the account turned the move off (see the guide\'s "The pipeline follows the work"). `status: open` reopens it and `cancelled` cancels it; both clear `completedAt`. Completing a done task again keeps its first `completedAt`.',
    "A change writes one event with `previousAttributes`: `task.completed` when the task became done, `task.updated` otherwise. A request that changes nothing (the values the task has) writes nothing and answers the task.",
  ].join("\n\n"),
  params: taskIdParams,
  body: {
    schema: taskUpdateSchema,
    examples: {
      complete: { summary: "Mark it done", value: { status: "done" } },
      reschedule: { summary: "Move it to tomorrow afternoon", value: { dueAt: "2026-11-24T14:00:00.000Z" } },
      reassign: { summary: "Give it to another agent", value: { assignedTo: "user_01jf3v6q2m8k4x5y7z9a0b1c2e" } },
    },
  },
  response: {
    status: 200,
    description: "The task after the change.",
    schema: taskSchema,
    example: exampleOne({ ...exampleTask, status: "done", completedAt: "2026-11-23T14:52:07.120Z", version: 2 }),
  },
  errors: ["not_found"],
  errorExamples: { not_found: { message: "Task not found." } },
} satisfies OperationSpec;

export const deleteTask = {
  operationId: "deleteTask",
  versioned: true,
  method: "delete",
  path: "/api/v1/tasks/{id}",
  tag: "Tasks",
  permission: { tasks: "write" },
  summary: "Delete a task",
  description:
    "Removes the task for good and writes a `task.deleted` event carrying its last shape. Deleting it again answers 404. To keep a record of work done, complete the task instead.",
  params: taskIdParams,
  response: {
    status: 200,
    description: "The task is deleted.",
    schema: taskDeletedSchema,
    example: exampleOne(exampleTaskDeleted),
  },
  errorExamples: { not_found: { message: "Task not found." } },
} satisfies OperationSpec;
