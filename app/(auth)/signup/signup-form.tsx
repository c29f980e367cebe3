"use client";

import { useActionState } from "react";
import Link from "next/link";
import { TextField } from "@/components/ui/text-field";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormMessage, FormStateMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { IDLE } from "@/components/ui/form-state";
import { signUpAction } from "./actions";

const PLAN_OPTIONS = [
  { value: "starter", label: `${PLAN_LABELS.starter} – leads, properties and visits` },
  { value: "professional", label: `${PLAN_LABELS.professional} – for growing teams` },
  { value: "agency", label: `${PLAN_LABELS.agency} – everything, including the Public API` },
];

// One answer for every email: the mail says whether it finishes a new account or the address has
// a login already, so the page cannot tell anyone which emails exist.
export function SignupForm({ linkHours, localOutbox }: { linkHours: number; localOutbox: boolean }) {
  const [state, formAction] = useActionState(signUpAction, IDLE);
  if (state.status === "success") {
    return (
      <div className="space-y-4">
        <FormMessage tone="success">
          Check your inbox: we have sent a mail to {state.values?.email}. Open its link within {linkHours} hours to
          choose your password and finish creating your account.
        </FormMessage>
        <p className="text-sm text-slate-600">
          No email after a few minutes? Check your spam folder and that the address is right.
        </p>
        {localOutbox ? (
          <p className="text-sm text-slate-600">
            This server keeps its mail instead of sending it:{" "}
            <Link href="/dev/mail" className={styles.link}>
              open the local outbox
            </Link>
            .
          </p>
        ) : null}
      </div>
    );
  }
  const values = state.values ?? {};
  const errors = state.fieldErrors ?? {};
  return (
    <form
      action={(form: FormData) => {
        // Times in the app are shown in this zone; changeable later under Profile.
        form.set("timezone", Intl.DateTimeFormat().resolvedOptions().timeZone);
        formAction(form);
      }}
      className="space-y-4"
      noValidate
    >
      <FormStateMessage state={state} />
      <TextField
        label="Agency name"
        name="agencyName"
        autoComplete="organization"
        required
        defaultValue={values.agencyName}
        error={errors.agencyName}
        autoFocus
      />
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        required
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values.email}
        error={errors.email}
      />
      <SelectField
        label="Plan"
        name="plan"
        options={PLAN_OPTIONS}
        defaultValue={values.plan ?? "agency"}
        error={errors.plan}
      />
      <div className="[&>button]:w-full">
        <SubmitButton pendingLabel="Sending…">Create account</SubmitButton>
      </div>
    </form>
  );
}
