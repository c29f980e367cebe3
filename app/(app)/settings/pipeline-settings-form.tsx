"use client";

import { useActionState } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { IDLE } from "@/components/ui/form-state";
import type { PipelineSettings } from "@/lib/accounts/pipeline-settings-schema";
import { updatePipelineAction } from "./pipeline-actions";

type Switch = keyof PipelineSettings;

// What each switch does, in the words an agent uses. "Contact" is what the agent does: a note,
// a text sent, or a call, text or email task marked done. A lead's own reply is not.
const SWITCHES: { name: Switch; label: string; hint: string }[] = [
  {
    name: "autoMoveOnContact",
    label: "First contact moves a New lead to Contacted",
    hint: "A note, a text sent (from the app or the API), or a call, text or email task marked done. A lead's own reply does not count.",
  },
  {
    name: "autoMoveOnVisit",
    label: "A booked visit moves the lead to Visit scheduled",
    hint: "From the app or the API. It also sets the lead's property when it has none. A lead further along (Negotiating, Won, Lost) stays where it is.",
  },
  {
    name: "offerStatusAfterVisit",
    label: "Offer the next status after a completed visit",
    hint: "When a visit is marked completed, the lead and visit pages offer to move the lead on. Nothing moves until you choose.",
  },
];

export function PipelineSettingsForm({ settings }: { settings: PipelineSettings }) {
  const [state, formAction] = useActionState(updatePipelineAction, IDLE);
  // After a failed save the posted checkboxes win: ticked ones are "on", unticked ones absent.
  const ticked = (name: Switch) =>
    state.status === "error" && state.values ? state.values[name] === "on" : settings[name];
  return (
    <form action={formAction} className="space-y-5" noValidate aria-label="Pipeline">
      <FormStateMessage state={state} />
      {SWITCHES.map((entry) => (
        <CheckboxField key={entry.name} {...entry} defaultChecked={ticked(entry.name)} />
      ))}
      <p className="text-xs text-slate-500">
        Each move is recorded on the lead&apos;s timeline as a status change made automatically, naming who did the
        work, and sent to your webhooks like any other change.
      </p>
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save pipeline</SubmitButton>
      </div>
    </form>
  );
}
