"use client";

import { useActionState, useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { IDLE } from "@/lib/ui/form-state";
import { createApiKeyAction, type CreateKeyState } from "./actions";
import { CopyButton } from "./copy-button";

// "Create API key": asks for a name, then shows the new key once. The key lives only in this
// component's state: a reload or "Done" drops it for good.
export function CreateApiKeyPanel() {
  const [state, formAction] = useActionState<CreateKeyState, FormData>(createApiKeyAction, IDLE);
  // The form is open from "Create API key" until a key is created (or Cancel); the key shows
  // until "Done". Both are derived from which action result they were opened or dismissed at.
  const [openedAt, setOpenedAt] = useState<CreateKeyState | null>(null);
  const [dismissed, setDismissed] = useState<CreateKeyState | null>(null);
  const shownKey = state.createdKey && state !== dismissed ? state.createdKey : undefined;
  const open = openedAt !== null && (state === openedAt || state.status === "error");

  if (shownKey) {
    return (
      <div
        tabIndex={-1}
        autoFocus
        className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 focus:outline-none"
        aria-labelledby="new-key-title"
      >
        <h3 id="new-key-title" className="font-semibold text-slate-900">
          Your new key “{shownKey.name}”
        </h3>
        <p className="text-sm font-medium text-amber-900">
          Copy this key now and store it somewhere safe. It will not be shown again.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            id="new-api-key"
            data-testid="new-api-key"
            className="block min-w-0 flex-1 select-all break-all rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          >
            {shownKey.key}
          </code>
          <CopyButton text={shownKey.key} targetId="new-api-key" />
        </div>
        <button type="button" className={styles.secondaryButton} onClick={() => setDismissed(state)}>
          Done
        </button>
      </div>
    );
  }

  if (!open) {
    return (
      <button type="button" className={styles.primaryButton} onClick={() => setOpenedAt(state)}>
        Create API key
      </button>
    );
  }

  // Errors of an earlier attempt are not shown again when the form is reopened.
  const failed = state.status === "error" && state !== openedAt;
  const errors = failed ? (state.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4" noValidate>
      {failed && state.message && !errors.name ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <TextField
        label="Name"
        name="name"
        defaultValue={failed ? state.values?.name : undefined}
        required
        maxLength={60}
        autoComplete="off"
        autoFocus
        hint="Say where the key is used, e.g. “Website contact form” or “Zapier”."
        error={errors.name}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={styles.secondaryButton} onClick={() => setOpenedAt(null)}>
          Cancel
        </button>
        <SubmitButton pendingLabel="Creating…">Create key</SubmitButton>
      </div>
    </form>
  );
}
