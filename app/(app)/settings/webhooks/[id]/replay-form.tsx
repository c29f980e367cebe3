"use client";

import { useActionState, useState } from "react";
import { FormStateMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE } from "@/components/ui/form-state";
import { replayEndpointAction } from "../actions";

// "Replay since…": the endpoint's events from a chosen time, sent again (at most 30 days back).
// The input is in the browser's own time; the server gets the ISO instant it names.
export function ReplayForm({ endpointId, enabled }: { endpointId: string; enabled: boolean }) {
  const [state, formAction] = useActionState(replayEndpointAction, IDLE);
  const [since, setSince] = useState("");
  if (!enabled) return <p className="text-sm text-slate-600">Enable the endpoint to replay events to it.</p>;
  return (
    <form action={formAction} className="space-y-2">
      <input type="hidden" name="endpointId" value={endpointId} />
      <input type="hidden" name="since" value={since} />
      <label className="block text-sm font-medium text-slate-900" htmlFor="replay-since">
        Replay events since
      </label>
      <input
        id="replay-since"
        type="datetime-local"
        required
        className="rounded border border-slate-300 px-2 py-1 text-sm"
        onChange={(event) => setSince(event.target.value ? new Date(event.target.value).toISOString() : "")}
      />
      <p className="text-xs text-slate-500">
        Your browser&apos;s time. Every event since then that this endpoint subscribes to is sent again (up to 30 days
        back, 1,000 events a replay).
      </p>
      <SubmitButton pendingLabel="Replaying…" variant="secondary">
        Replay
      </SubmitButton>
      <FormStateMessage state={state} />
    </form>
  );
}
