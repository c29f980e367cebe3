"use client";

import { useActionState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { IDLE } from "@/lib/ui/form-state";
import { updateAccountAction } from "./actions";

interface Option {
  value: string;
  label: string;
}

interface Props {
  account: { name: string; defaultCountry: string; currency: string; plan: string };
  countries: Option[];
  currencies: Option[];
  plans: Option[];
}

export function AccountSettingsForm({ account, countries, currencies, plans }: Props) {
  const [state, formAction] = useActionState(updateAccountAction, IDLE);
  const errors = state.fieldErrors ?? {};
  // After a failed save the form shows what was typed, not the stored values.
  const values = state.status === "error" && state.values ? { ...account, ...state.values } : account;
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
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Saving…">Save changes</SubmitButton>
      </div>
    </form>
  );
}
