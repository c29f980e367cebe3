import type { FormState } from "@/components/ui/form-state";

// The message above or below a form: an error is an alert, a success a polite status.
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  if (tone === "error") {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        {children}
      </p>
    );
  }
  return (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
      {children}
    </p>
  );
}

/** A form's last outcome, from its action's FormState: nothing while idle or without a message. */
export function FormStateMessage({ state }: { state: FormState }) {
  if (state.status === "idle" || !state.message) return null;
  return <FormMessage tone={state.status}>{state.message}</FormMessage>;
}
