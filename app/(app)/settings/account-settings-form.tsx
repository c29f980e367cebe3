"use client";

import { useActionState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SelectField } from "@/components/ui/select-field";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { IDLE } from "@/components/ui/form-state";
import { updateAccountAction } from "./actions";

interface Option {
  value: string;
  label: string;
}

interface Props {
  account: {
    name: string;
    defaultCountry: string;
    currency: string;
    plan: string;
    timezone: string;
    smsQuietHours: boolean;
    requireSmsConsent: boolean;
  };
  countries: Option[];
  timeZones: Option[];
  currencies: Option[];
  plans: Option[];
}

export function AccountSettingsForm({ account, countries, currencies, plans, timeZones }: Props) {
  const [state, formAction] = useActionState(updateAccountAction, IDLE);
  const errors = state.fieldErrors ?? {};
  // After a failed save the form shows what was typed, not the stored values.
  const values = state.status === "error" && state.values ? { ...account, ...state.values } : account;
  // After a failed save the posted checkboxes win: ticked ones are "on", unticked ones absent.
  const ticked = (name: "smsQuietHours" | "requireSmsConsent") =>
    state.status === "error" && state.values ? state.values[name] === "on" : account[name];
  return (
    <form action={formAction} className="space-y-5" noValidate>
      <FormStateMessage state={state} />
      <TextField
        label="Account name"
        name="name"
        defaultValue={values.name}
        required
        maxLength={100}
        autoComplete="organization"
        error={errors.name}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Default country"
          name="defaultCountry"
          options={countries}
          defaultValue={values.defaultCountry}
          hint="Used to read phone numbers written without a country code."
          error={errors.defaultCountry}
        />
        <SelectField
          label="Currency"
          name="currency"
          options={currencies}
          defaultValue={values.currency}
          hint="The default currency of new properties."
          error={errors.currency}
        />
      </div>
      <SelectField
        label="Plan"
        name="plan"
        options={plans}
        defaultValue={values.plan}
        hint="The Public API is included in the Agency plan."
        error={errors.plan}
      />
      <SelectField
        label="Time zone"
        name="timezone"
        options={timeZones}
        defaultValue={values.timezone}
        hint="Quiet hours use it for a lead with no time zone of their own."
        error={errors.timezone}
      />
      <CheckboxField
        label="Quiet hours"
        name="smsQuietHours"
        defaultChecked={ticked("smsQuietHours")}
        hint="Texts go out only between 08:00 and 21:00 in the lead's local time; others wait for 08:00."
      />
      <CheckboxField
        label="Require SMS consent before texting"
        name="requireSmsConsent"
        defaultChecked={ticked("requireSmsConsent")}
        hint="Only leads whose SMS consent is recorded as granted can be texted."
      />
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save changes</SubmitButton>
      </div>
    </form>
  );
}
