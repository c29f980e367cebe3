"use client";

import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useActionState, useState } from "react";
import { IDLE, type FormState } from "@/components/ui/form-state";
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

// A destructive action's confirm step. Radix AlertDialog gives the modal behaviour (focus moves
// to Cancel and is trapped, Escape cancels, a click outside does not, focus returns to the
// trigger, role "alertdialog" with its title and description). The confirm button submits the
// server action through an ordinary form, so it shows its pending label; the dialog closes
// only on success, and an error shows inside it.
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
  const [open, setOpen] = useState(false);
  const [state, formAction] = useActionState(action, IDLE);
  // A new success closes the dialog, in the render that shows it (React's "adjust state on a
  // change" pattern, not an effect that would paint the open dialog first).
  const [seen, setSeen] = useState(state);
  if (state !== seen) {
    setSeen(state);
    if (state.status === "success") setOpen(false);
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger className={styles.dangerTextButton} aria-label={triggerAriaLabel}>
        {triggerLabel}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.modalOverlay} />
        <AlertDialog.Content className={`${styles.modalPanel} max-w-md`}>
          <form action={formAction} className="space-y-4 p-6">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="text-sm text-slate-600">{description}</div>
            </AlertDialog.Description>
            {state.status === "error" && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={styles.secondaryButton}>Cancel</AlertDialog.Cancel>
              <SubmitButton variant="danger" pendingLabel={pendingLabel}>
                {confirmLabel}
              </SubmitButton>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
