"use client";

import { useActionState, useState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { useFormVersion } from "@/components/ui/use-form-version";
import type { CreateKeyState } from "./actions";
import { IDLE } from "@/components/ui/form-state";
import { createApiKeyAction } from "./actions";
import { ExpiryFields } from "./expiry-fields";
import { OneTimeSecret } from "./one-time-secret";
import { PermissionsFieldset } from "./permissions-fieldset";
import type { AccessDefaults, ResourceChoice } from "./permission-choices";

// "Create API key": a name, permissions and an expiry, then the new key, shown once.
export function CreateApiKeyPanel({
  choices,
  defaults,
  timeZone,
  firstExpiryDay,
}: {
  choices: ResourceChoice[];
  defaults: AccessDefaults;
  /** The owner's zone (Member.timeZone), from the server: an expiry date is a day there. */
  timeZone: string;
  firstExpiryDay: string;
}) {
  const [state, formAction] = useActionState<CreateKeyState, FormData>(createApiKeyAction, IDLE);
  const version = useFormVersion(state);
  // The form is open from "Create API key" until a key is created (or Cancel); the key shows
  // until "Done". Both are derived from which action result they were opened or dismissed at.
  const [openedAt, setOpenedAt] = useState<CreateKeyState | null>(null);
  const [dismissed, setDismissed] = useState<CreateKeyState | null>(null);
  const shownKey = state.createdKey && state !== dismissed ? state.createdKey : undefined;
  const open = openedAt !== null && (state === openedAt || state.status === "error");

  if (shownKey) {
    return (
      <OneTimeSecret
        title={`Your new key “${shownKey.name}”`}
        secret={shownKey.key}
        testId="new-api-key"
        onDone={() => setDismissed(state)}
      />
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
  const values = failed ? state.values : undefined;
  return (
    <form
      key={version}
      action={formAction}
      className="space-y-5 rounded-lg border border-slate-200 bg-slate-50 p-4"
      noValidate
    >
      {failed && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
      <TextField
        label="Name"
        name="name"
        defaultValue={values?.name}
        required
        maxLength={60}
        autoComplete="off"
        autoFocus
        hint="Say where the key is used, e.g. “Website contact form” or “Zapier”."
        error={errors.name}
      />
      <PermissionsFieldset idPrefix="new-key" choices={choices} defaults={defaults} values={values} errors={errors} />
      <ExpiryFields values={values} errors={errors} timeZone={timeZone} firstDay={firstExpiryDay} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className={styles.secondaryButton} onClick={() => setOpenedAt(null)}>
          Cancel
        </button>
        <SubmitButton pendingLabel="Creating…">Create key</SubmitButton>
      </div>
    </form>
  );
}
