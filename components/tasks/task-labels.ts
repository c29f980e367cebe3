import type { TaskStatus, TaskType } from "@/lib/domain/enums";
import { TASK_TYPES } from "@/lib/domain/enums";

// How the web UI names a task's type and status (the API speaks the enum values).
export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  call: "Call",
  text: "Text",
  email: "Email",
  follow_up: "Follow up",
  showing: "Showing",
  other: "Other",
};

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { open: "Open", done: "Done", cancelled: "Cancelled" };

export const TASK_TYPE_OPTIONS = TASK_TYPES.map((value) => ({ value, label: TASK_TYPE_LABELS[value] }));
