"use client";

import { useActionState, useId, useRef } from "react";
import { useFormVersion } from "@/components/ui/use-form-version";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { styles } from "@/components/ui/styles";

type Option = { value: string; label: string };

// One of the lead's fields changed where it is shown (the header's status and assignee): picking
// an option saves it, with no Save button. While the action runs the select is locked and says
// so; a refusal is shown beside it and the select goes back to the saved value.
export function InPlaceSelect({
  label,
  name,
  value,
  options,
  leadId,
  action,
  formLabel = `Change ${label.toLowerCase()}`,
}: {
  label: string;
  /** The form's accessible name, when "Change <label>" does not read well. */
  formLabel?: string;
  name: string;
  value: string;
  options: readonly Option[];
  leadId: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  // Remount after each outcome so the select shows the saved value (the new one on success,
  // once the page refreshes; the old one after a refusal).
  const version = useFormVersion(state);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  return (
    <form ref={form} action={formAction} aria-label={formLabel} className="min-w-0">
      <input type="hidden" name="leadId" value={leadId} />
      <label htmlFor={id} className="block text-xs font-medium text-slate-500">
        {label}
      </label>
      <select
        key={`${value}:${version}`}
        id={id}
        name={name}
        defaultValue={value}
        // The form data is read when the submit starts, before the select is locked.
        onChange={() => form.current?.requestSubmit()}
        disabled={pending}
        aria-describedby={`${id}-outcome`}
        className={`${styles.input} mt-1 py-1.5 sm:w-48`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={`${id}-outcome`} className="mt-1 min-h-4 text-xs" aria-live="polite">
        {pending ? (
          <span className="text-slate-500">Saving…</span>
        ) : state.status === "error" ? (
          <span role="alert" className="text-red-700">
            {state.message}
          </span>
        ) : state.status === "success" ? (
          <span className="text-emerald-700">{state.message}</span>
        ) : null}
      </p>
    </form>
  );
}
