"use client";

import { useActionState, useState } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import type { EndpointSecretState } from "../actions";
import { IDLE } from "@/components/ui/form-state";
import { CopyButton } from "../../api/copy-button";
import { endpointSecretAction } from "../actions";

// The signing secret: hidden until "Reveal secret" asks the server for it; "Roll secret" (after a
// confirm step) replaces it and shows the new one. Either stays only in this component's state.
export function SecretPanel({ endpointId }: { endpointId: string }) {
  const [state, formAction] = useActionState<EndpointSecretState, FormData>(endpointSecretAction, IDLE);
  // Derived from the action result they were taken at, as in the "Create API key" panel.
  const [hiddenAt, setHiddenAt] = useState<EndpointSecretState | null>(null);
  const [confirmingAt, setConfirmingAt] = useState<EndpointSecretState | null>(null);
  const shown = state.secret && state !== hiddenAt ? state.secret : undefined;
  const confirming = confirmingAt !== null && confirmingAt === state;
  const failed = state.status === "error" ? state.message : undefined;

  const hidden = <input type="hidden" name="endpointId" value={endpointId} />;
  return (
    <div className="space-y-4">
      {failed ? <FormMessage tone="error">{failed}</FormMessage> : null}
      {shown ? (
        <div
          className={`space-y-3 rounded-lg border p-4 ${state.previousSecretExpiresAt ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-slate-50"}`}
        >
          {state.previousSecretExpiresAt ? (
            <p role="status" className="text-sm font-medium text-amber-900">
              New secret created. Put it in your receiver: the old secret keeps working for 24 hours (until{" "}
              {state.previousSecretExpiresAt}), and deliveries are signed with both until then.
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              id="endpoint-secret"
              data-testid="endpoint-secret"
              className="block min-w-0 flex-1 select-all break-all rounded-md border border-slate-200 bg-white px-3 py-2 font-mono text-sm text-slate-900"
            >
              {shown}
            </code>
            <CopyButton text={shown} targetId="endpoint-secret" />
          </div>
          <button type="button" className={styles.secondaryButton} onClick={() => setHiddenAt(state)}>
            Hide secret
          </button>
        </div>
      ) : null}

      {confirming ? (
        <form action={formAction} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
          {hidden}
          <p className="text-sm text-slate-700">
            A new secret replaces this one. The old secret keeps working for 24 hours, so your receiver keeps verifying
            deliveries while you switch it to the new one.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={styles.secondaryButton} onClick={() => setConfirmingAt(null)}>
              Cancel
            </button>
            <SubmitButton pendingLabel="Rolling…" name="intent" value="roll">
              Roll secret now
            </SubmitButton>
          </div>
        </form>
      ) : (
        <form action={formAction} className="flex flex-wrap gap-2">
          {hidden}
          {shown ? null : (
            <SubmitButton pendingLabel="Revealing…" variant="secondary" name="intent" value="reveal">
              Reveal secret
            </SubmitButton>
          )}
          <button type="button" className={styles.secondaryButton} onClick={() => setConfirmingAt(state)}>
            Roll secret
          </button>
        </form>
      )}
    </div>
  );
}
