"use client";

import { useActionState } from "react";
import { FormStateMessage } from "@/components/ui/form-message";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE } from "@/components/ui/form-state";
import { updateTimeZoneAction } from "./actions";

export function TimeZoneForm({
  current,
  options,
}: {
  current: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const [state, formAction] = useActionState(updateTimeZoneAction, IDLE);
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <FormStateMessage state={state} />
      <SelectField
        label="Time zone"
        name="timezone"
        options={options}
        defaultValue={state.values?.timezone ?? current}
        hint="Visits, the timeline and the lists show times in this zone, and the booking form reads times in it."
        error={state.fieldErrors?.timezone}
      />
      <SubmitButton pendingLabel="Saving…">Save time zone</SubmitButton>
    </form>
  );
}
