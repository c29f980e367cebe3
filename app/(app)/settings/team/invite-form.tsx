"use client";

import { useActionState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { IDLE } from "@/components/ui/form-state";
import { inviteAction } from "./actions";

const ROLE_OPTIONS = [
  { value: "staff", label: "Staff" },
  { value: "owner", label: "Owner" },
];

export function InviteForm() {
  const [state, formAction] = useActionState(inviteAction, IDLE);
  const errors = state.fieldErrors ?? {};
  // Keep what was typed after an error; start empty after a success.
  const values = state.status === "error" ? (state.values ?? {}) : {};
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <FormStateMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <TextField
          label="Email"
          name="email"
          type="email"
          defaultValue={values.email}
          required
          autoComplete="off"
          error={errors.email}
        />
        <SelectField
          // Remounted after each submit so a kept value shows again after an error.
          key={`${state.status}-${values.role ?? "staff"}`}
          label="Role"
          name="role"
          options={ROLE_OPTIONS}
          defaultValue={values.role ?? "staff"}
          hint="Staff work leads, properties and visits; owners also open settings."
          error={errors.role}
        />
      </div>
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Sending…">Send invite</SubmitButton>
      </div>
    </form>
  );
}
