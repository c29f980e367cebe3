import { exampleList, exampleOne, exampleTask } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { taskCreateSchema, taskListQuery, taskSchema } from "@/lib/schemas/tasks";

export const listTasks = {
  operationId: "listTasks",
  method: "get",
  path: "/api/v1/tasks",
  tag: "Tasks",
  permission: { tasks: "read" },
  summary: "List tasks",
  description:
    "Tasks of your account, soonest due first unless `sort` says otherwise. `assignedTo=me` lists the tasks of the user who created the API key (400 `validation_error` for a key no user created). `dueAfter` (inclusive) and `dueBefore` (exclusive) filter on `dueAt`: `assignedTo=me&status=open&dueBefore=<now>` is what is overdue. Page with `limit` and `cursor` until `meta.hasMore` is false.",
  query: taskListQuery,
  list: true,
  response: {
    status: 200,
    description: "A page of tasks.",
    schema: taskSchema,
    example: exampleList(exampleTask),
  },
} satisfies OperationSpec;

export const createTask = {
  operationId: "createTask",
  method: "post",
  path: "/api/v1/tasks",
  tag: "Tasks",
  permission: { tasks: "write" },
  summary: "Create a task",
  description:
    "Creates an `open` task and writes a `task.created` event in the same transaction. `assignedTo` is an active user of your account or `me` (the user who created the API key); another account's or a deactivated user is a 400 `validation_error` on `assignedTo`. `leadId`, when sent, must be a live lead of your account: otherwise 404 `not_found` naming `leadId`. `type` defaults to `follow_up`. Send an `Idempotency-Key` to make a retry safe.",
  body: {
    schema: taskCreateSchema,
    examples: {
      callBack: {
        summary: "A call back for the key's own user",
        value: {
          title: "Call back about the viewing",
          type: "call",
          dueAt: "2026-11-23T15:00:00.000Z",
          assignedTo: "me",
          leadId: "lead_01jf3v6q2m8k4x5y7z9a0b1c2d",
        },
      },
      noLead: {
        summary: "A task about no lead, for an agent",
        value: {
          title: "Prepare the open house",
          type: "other",
          dueAt: "2026-11-24T08:00:00.000Z",
          assignedTo: "user_01jf3v6q2m8k4x5y7z9a0b1c2d",
          notes: "Flyers and the sign-in sheet.",
        },
      },
    },
  },
  response: {
    status: 201,
    description: "The task as stored.",
    schema: taskSchema,
    example: exampleOne(exampleTask),
    location: {
      description: "The new task's URL (`GET` answers it).",
      example: `/api/v1/tasks/${exampleTask.id}`,
    },
  },
  errors: ["not_found"],
  errorExamples: { not_found: { message: "Lead not found." } },
} satisfies OperationSpec;
