"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useActionState, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFormVersion } from "@/components/ui/use-form-version";
import type { RollKeyState } from "./actions";
import { ROLL_OVERLAP_LABELS, type RollOverlap } from "@/lib/keys/api-key-expiry";
import { IDLE } from "@/components/ui/form-state";
import { rollApiKeyAction } from "./actions";
import { KeyDialog } from "./key-dialog";
import { OneTimeSecret } from "./one-time-secret";

const OVERLAPS = Object.entries(ROLL_OVERLAP_LABELS) as [RollOverlap, string][];

// "Roll key", as Stripe's: a new secret with the same name, permissions and expiry, shown once;
// the old secret works until the moment picked here, so integrations can move over first.
export function RollKeyDialog({
  keyId,
  keyName,
  keyPrefix,
  canRoll,
}: {
  keyId: string;
  keyName: string;
  keyPrefix: string;
  /** False once rolled: the dialog stays mounted to keep showing the new secret. */
  canRoll: boolean;
}) {
  const [state, formAction] = useActionState<RollKeyState, FormData>(rollApiKeyAction, IDLE);
  const version = useFormVersion(state);
  const [openedAt, setOpenedAt] = useState<RollKeyState>(IDLE);
  const [dismissed, setDismissed] = useState<RollKeyState | null>(null);
  const rolled = state.rolledKey && state !== dismissed ? state.rolledKey : undefined;
  // Errors of an earlier attempt are not shown again when the dialog is reopened.
  const failed = state.status === "error" && state !== openedAt;
  const overlapId = `roll-${keyId}-overlap`;
  return (
    <KeyDialog
      triggerLabel="Roll key"
      triggerAriaLabel={`Roll key ${keyName} (${keyPrefix}…)`}
      showTrigger={canRoll}
      title={`Roll “${keyName}”`}
      onOpen={() => setOpenedAt(state)}
      closeSignal={dismissed}
    >
      {rolled ? (
        <OneTimeSecret
          title={`New secret for “${rolled.name}”`}
          secret={rolled.key}
          testId="rolled-api-key"
          note={state.message}
          onDone={() => setDismissed(state)}
        />
      ) : (
        <form key={version} action={formAction} className="space-y-4" noValidate>
          <p className="text-sm text-slate-600">
            A new secret replaces <code className="font-mono text-xs">{keyPrefix}…</code>. The key keeps its name,
            permissions and expiry. Move your integrations to the new secret before the old one stops working.
          </p>
          {failed && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
          <input type="hidden" name="keyId" value={keyId} />
          <fieldset
            className="space-y-2"
            aria-describedby={failed && state.fieldErrors?.overlap ? overlapId : undefined}
          >
            <legend className={styles.label}>When should the old secret stop working?</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {OVERLAPS.map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="overlap"
                    value={value}
                    defaultChecked={value === (failed ? state.values?.overlap : "now")}
                    className={`size-4 border-slate-300 text-indigo-600 ${styles.focusRing}`}
                  />
                  {label}
                </label>
              ))}
            </div>
            {failed && state.fieldErrors?.overlap ? (
              <p id={overlapId} className="text-sm text-red-700">
                {state.fieldErrors.overlap}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={styles.secondaryButton} autoFocus>
              Cancel
            </Dialog.Close>
            <SubmitButton pendingLabel="Rolling…">Roll key</SubmitButton>
          </div>
        </form>
      )}
    </KeyDialog>
  );
}
