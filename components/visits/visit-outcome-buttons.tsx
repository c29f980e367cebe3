"use client";

import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE, type FormState } from "@/lib/ui/form-state";
import { VISIT_OUTCOMES, VISIT_STATUS_LABELS, type VisitOutcome } from "@/lib/visits/visit-outcome";

// How a visit went, in one click. A scheduled visit offers all three outcomes; a visit already
// marked offers the other two under "Change", to correct a slip.
export function VisitOutcomeButtons({
  visitId,
  status,
  describedAs,
  action,
  upcoming = false,
  offer = VISIT_OUTCOMES,
}: {
  visitId: string;
  status: string;
  describedAs: string;
  /** Not started yet: no one can have missed it, so no "No-show" (the service refuses it too). */
  upcoming?: boolean;
  /** The outcomes to offer (the visit page cancels through its own confirm step). */
  offer?: readonly VisitOutcome[];
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const outcomes = offer.filter((o) => o !== status && !(upcoming && o === "no_show"));
  const buttons = (
    <div className="flex justify-end gap-1.5 whitespace-nowrap">
      <input type="hidden" name="visitId" value={visitId} />
      {outcomes.map((outcome) => (
        <SubmitButton
          key={outcome}
          name="status"
          value={outcome}
          variant="small"
          pendingLabel="Saving…"
          ariaLabel={`Mark ${describedAs} ${VISIT_STATUS_LABELS[outcome].toLowerCase()}`}
        >
          {VISIT_STATUS_LABELS[outcome]}
        </SubmitButton>
      ))}
    </div>
  );
  return (
    <form action={formAction} className="flex flex-col items-end gap-1">
      {status === "scheduled" ? (
        buttons
      ) : (
        <details className="text-right">
          <summary className="cursor-pointer whitespace-nowrap rounded px-1 text-xs font-medium text-slate-600 hover:text-slate-900">
            Change
          </summary>
          <div className="mt-1.5">{buttons}</div>
        </details>
      )}
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-xs text-red-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
