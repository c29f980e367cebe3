"use client";

import { useActionState } from "react";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { SubmitButton } from "./submit-button";

interface ActionButtonProps {
  label: string;
  pendingLabel: string;
  ariaLabel?: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  fields: Record<string, string>;
  /** `small`: a row action in a wide table (the webhook delivery log). */
  variant?: "primary" | "secondary" | "small";
}

// A one-button form for a row action (restore a lead…): hidden ids, a button that shows it
// is working, and the action's error next to it.
export function ActionButton({
  label,
  pendingLabel,
  ariaLabel,
  action,
  fields,
  variant = "secondary",
}: ActionButtonProps) {
  const [state, formAction] = useActionState(action, IDLE);
  return (
    <form action={formAction} className="inline-flex flex-col items-end gap-1">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton pendingLabel={pendingLabel} variant={variant} ariaLabel={ariaLabel}>
        {label}
      </SubmitButton>
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-xs text-red-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
