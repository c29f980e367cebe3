"use client";

import { useActionState, useEffect, useId, useRef } from "react";
import { IDLE, type FormState } from "@/lib/ui/form-state";
import { FormMessage } from "./form-message";
import { SubmitButton } from "./submit-button";
import { styles } from "./styles";

interface ConfirmDialogProps {
  /** The button that opens the dialog, e.g. "Revoke". */
  triggerLabel: string;
  /** An accessible name for the trigger when several rows share its label. */
  triggerAriaLabel?: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  fields: Record<string, string>;
}

// A destructive action's confirm step: a modal <dialog> (focus is trapped, Escape cancels)
// whose confirm button submits the server action; errors show inside the dialog.
export function ConfirmDialog({
  triggerLabel,
  triggerAriaLabel,
  title,
  description,
  confirmLabel,
  pendingLabel,
  action,
  fields,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, formAction] = useActionState(action, IDLE);

  useEffect(() => {
    if (state.status === "success") dialog.current?.close();
  }, [state]);

  return (
    <>
      <button
        type="button"
        className={styles.dangerTextButton}
        aria-label={triggerAriaLabel}
        onClick={() => dialog.current?.showModal()}
      >
        {triggerLabel}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-200 p-0 text-left shadow-xl backdrop:bg-slate-900/40"
      >
        <form action={formAction} className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div className="text-sm text-slate-600">{description}</div>
          {state.status === "error" && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={styles.secondaryButton} onClick={() => dialog.current?.close()} autoFocus>
              Cancel
            </button>
            <SubmitButton variant="danger" pendingLabel={pendingLabel}>
              {confirmLabel}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
