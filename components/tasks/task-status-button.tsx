"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE, type FormState } from "@/components/ui/form-state";

// One click on a task: "Done" for an open task, "Reopen" for a done or cancelled one.
export function TaskStatusButton({
  taskId,
  status,
  title,
  action,
}: {
  taskId: string;
  status: string;
  title: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const next = status === "open" ? "done" : "open";
  const label = next === "done" ? "Done" : "Reopen";
  return (
    <form action={formAction} className="flex flex-col items-end gap-1">
      <input type="hidden" name="taskId" value={taskId} />
      <SubmitButton name="status" value={next} variant="small" pendingLabel="Saving…" ariaLabel={`${label}: ${title}`}>
        {label}
      </SubmitButton>
      {state.status === "error" && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
    </form>
  );
}
