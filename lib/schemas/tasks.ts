import { TASK_STATUSES, TASK_TYPES } from "@/lib/domain/enums";
import { z } from "zod";
import {
  atLeastOneField,
  idParams,
  outputId,
  outputTimestamp,
  outputVersion,
  paginationQuery,
  SORTS,
  timestampQuery,
  timestampSchema,
} from "./common";

// The task resource (issue 34): an agent's to-do, about a lead or about nothing in particular.

const taskTypeSchema = z.enum(TASK_TYPES).meta({ id: "TaskType", description: "What the agent has to do." });

export const taskStatusSchema = z.enum(TASK_STATUSES).meta({
  id: "TaskStatus",
  description:
    "`open` on create. `done` sets `completedAt` (and, on a lead, writes a `task_completed` activity); `open` again clears it, as `cancelled` does.",
});

/** `me`: the user who created the API key (Settings → Public API), or the signed-in member. */
export const ME = "me";

const assigneeInput = z.string().min(1).max(100).meta({
  description:
    "A user id of your account (`GET /users`), active, or `me` for the user who created the API key. Another account's or a deactivated user is a 400 `validation_error` on `assignedTo`.",
  example: "user_01jf3v6q2m8k4x5y7z9a0b1c2d",
});

const titleInput = z
  .string()
  .trim()
  .min(1, { error: "1–200 characters" })
  .max(200, { error: "1–200 characters" })
  .meta({ example: "Call back about the viewing" });
const notesInput = z.string().max(5000, { error: "At most 5,000 characters" }).nullable();
const leadIdInput = z
  .string()
  .min(1)
  .max(100)
  .nullable()
  .meta({ description: "A live lead of your account, or null for a task about no lead." });

export const taskCreateSchema = z
  .strictObject({
    title: titleInput,
    type: taskTypeSchema.optional().meta({ description: "Default `follow_up`." }),
    dueAt: timestampSchema,
    assignedTo: assigneeInput,
    leadId: leadIdInput.optional(),
    notes: notesInput.optional(),
  })
  .meta({
    id: "TaskCreate",
    example: {
      title: "Call back about the viewing",
      type: "call",
      dueAt: "2026-11-23T15:00:00.000Z",
      assignedTo: "me",
      leadId: "lead_01jf3v6q2m8k4x5y7z9a0b1c2d",
    },
  });
export type TaskCreateInput = z.output<typeof taskCreateSchema>;

export const taskUpdateSchema = z
  .strictObject({
    title: titleInput.optional(),
    type: taskTypeSchema.optional(),
    dueAt: timestampSchema.optional(),
    status: taskStatusSchema.optional(),
    assignedTo: assigneeInput.optional(),
    leadId: leadIdInput.optional(),
    notes: notesInput.optional(),
  })
  .refine(atLeastOneField, { error: "Send at least one field to change" })
  .meta({
    id: "TaskUpdate",
    description:
      "Any subset of the fields (at least one); `null` clears `leadId` or `notes`. `status: done` completes the task, `open` reopens it.",
    example: { status: "done" },
    minProperties: 1,
  });
export type TaskUpdateInput = z.output<typeof taskUpdateSchema>;

export const taskSchema = z
  .object({
    id: outputId("task"),
    leadId: outputId("lead").nullable(),
    assignedTo: outputId("user"),
    title: z.string(),
    type: taskTypeSchema,
    dueAt: outputTimestamp,
    status: taskStatusSchema,
    completedAt: outputTimestamp.nullable().meta({ description: "When it became `done`; null otherwise." }),
    notes: z.string().nullable(),
    createdAt: outputTimestamp,
    updatedAt: outputTimestamp,
    version: outputVersion,
  })
  .meta({ id: "Task" });

export const taskDeletedSchema = z
  .object({ id: outputId("task"), deleted: z.literal(true) })
  .meta({ id: "TaskDeleted", description: "The task is removed for good." });

/** The tasks list sorts by due time too (the default: a to-do list reads soonest first). */
const TASK_SORTS = ["dueAt", "-dueAt", ...SORTS] as const;

export const taskListQuery = z.strictObject({
  ...paginationQuery,
  sort: z.enum(TASK_SORTS).default("dueAt").meta({
    description:
      "`dueAt` (the default: soonest first), `-dueAt`, or by creation or change time; `-` means newest first.",
    example: "dueAt",
  }),
  assignedTo: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Only tasks of this user; `me` for the user who created the API key." }),
  leadId: z.string().min(1).max(100).optional().meta({ description: "Only tasks about this lead." }),
  status: taskStatusSchema.optional().meta({ description: "Only tasks with this status." }),
  dueAfter: timestampQuery.optional().meta({ description: "Tasks due at or after this time." }),
  dueBefore: timestampQuery.optional().meta({ description: "Tasks due before this time." }),
});
export type TaskListQuery = z.output<typeof taskListQuery>;

export const taskIdParams = idParams("task");
