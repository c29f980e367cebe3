"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE } from "@/lib/ui/form-state";
import { resendDeliveryAction } from "../actions";

// A log row's "Resend": small, as a row action in a wide table; its error shows under it. The new
// attempt itself shows up as a row of its own once the worker has run it.
export function ResendButton({
  deliveryId,
  endpointId,
  label,
}: {
  deliveryId: string;
  endpointId: string;
  label: string;
}) {
  const [state, formAction] = useActionState(resendDeliveryAction, IDLE);
  return (
    <form action={formAction} className="inline-flex flex-col items-end gap-1">
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <SubmitButton pendingLabel="Resending…" variant="small" ariaLabel={label}>
        Resend
      </SubmitButton>
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-xs text-red-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
