"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { styles } from "@/components/ui/styles";

// "Reschedule" under a task: a new day and time in the viewer's zone (the page passes the task's
// current ones, already in that zone).
export function TaskRescheduleForm({
  taskId,
  title,
  date,
  time,
  action,
}: {
  taskId: string;
  title: string;
  date: string;
  time: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const error = state.status === "error" ? (state.fieldErrors?.date ?? state.fieldErrors?.time ?? state.message) : null;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-slate-500 hover:text-slate-700">Reschedule</summary>
      <form action={formAction} className="mt-2 flex flex-wrap items-end gap-2" aria-label={`Reschedule ${title}`}>
        <input type="hidden" name="taskId" value={taskId} />
        <input type="date" name="date" defaultValue={date} aria-label="Day" className={`${styles.input} w-auto`} />
        <input type="time" name="time" defaultValue={time} aria-label="Time" className={`${styles.input} w-auto`} />
        <SubmitButton variant="small" pendingLabel="Saving…">
          Save
        </SubmitButton>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      </form>
    </details>
  );
}
