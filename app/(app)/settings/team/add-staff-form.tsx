"use client";

import { useActionState } from "react";
import { TextField } from "@/components/ui/text-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormStateMessage } from "@/components/ui/form-message";
import { MIN_PASSWORD_LENGTH } from "@/lib/accounts/password-rules";
import { IDLE } from "@/components/ui/form-state";
import { addStaffAction } from "./actions";

export function AddStaffForm() {
  const [state, formAction] = useActionState(addStaffAction, IDLE);
  const errors = state.fieldErrors ?? {};
  // Keep what was typed after an error; start empty after a success.
  const values = state.status === "error" ? (state.values ?? {}) : {};
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <FormStateMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Name"
          name="name"
          defaultValue={values.name}
          required
          autoComplete="off"
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          defaultValue={values.email}
          required
          autoComplete="off"
          error={errors.email}
        />
        <TextField
          label="Temporary password"
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. They choose their own when they first sign in.`}
          error={errors.password}
        />
      </div>
      <div className="flex justify-end">
        <SubmitButton pendingLabel="Adding…">Add staff member</SubmitButton>
      </div>
    </form>
  );
}
