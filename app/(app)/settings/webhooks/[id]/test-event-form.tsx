"use client";

import { useActionState } from "react";
import { FormStateMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE } from "@/components/ui/form-state";
import { sendTestEventAction } from "../actions";

// "Send test event", with the sent event's id (to find it in the receiver's own logs) or the error.
export function TestEventForm({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [state, formAction] = useActionState(sendTestEventAction, IDLE);
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="endpointId" value={endpointId} />
      {enabled ? (
        <SubmitButton pendingLabel="Sending…" variant="secondary">
          Send test event
        </SubmitButton>
      ) : (
        <p className="text-sm text-slate-600">Enable the endpoint to send it a test event.</p>
      )}
      <FormStateMessage state={state} />
    </form>
  );
}
