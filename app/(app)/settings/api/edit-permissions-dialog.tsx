"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useActionState, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { editApiKeyPermissionsAction } from "./actions";
import { KeyDialog } from "./key-dialog";
import type { AccessDefaults, ResourceChoice } from "./permission-choices";
import { PermissionsFieldset } from "./permissions-fieldset";

// "Edit permissions": the create panel's controls, starting from what the key may do now.
// The API reads a key's permissions on every request, so the change applies to the next one.
export function EditPermissionsDialog({
  keyId,
  keyName,
  keyPrefix,
  choices,
  defaults,
}: {
  keyId: string;
  keyName: string;
  keyPrefix: string;
  choices: ResourceChoice[];
  defaults: AccessDefaults;
}) {
  const [state, formAction] = useActionState<FormState, FormData>(editApiKeyPermissionsAction, IDLE);
  const version = useFormVersion(state);
  const [openedAt, setOpenedAt] = useState<FormState>(IDLE);
  const failed = state.status === "error" && state !== openedAt;
  return (
    <KeyDialog
      triggerLabel="Edit permissions"
      triggerAriaLabel={`Edit permissions ${keyName} (${keyPrefix}…)`}
      title={`Permissions of “${keyName}”`}
      onOpen={() => setOpenedAt(state)}
      closeSignal={state.status === "success" ? state : null}
    >
      <form key={version} action={formAction} className="space-y-4" noValidate>
        {failed && state.message ? <FormMessage tone="error">{state.message}</FormMessage> : null}
        <input type="hidden" name="keyId" value={keyId} />
        <PermissionsFieldset
          idPrefix={`edit-${keyId}`}
          choices={choices}
          defaults={defaults}
          values={failed ? state.values : undefined}
          errors={failed ? state.fieldErrors : undefined}
        />
        <p className="text-xs text-slate-500">Requests made with this key follow the new permissions at once.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Dialog.Close className={styles.secondaryButton}>Cancel</Dialog.Close>
          <SubmitButton pendingLabel="Saving…">Save permissions</SubmitButton>
        </div>
      </form>
    </KeyDialog>
  );
}
