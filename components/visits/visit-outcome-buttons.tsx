"use client";

import { startTransition, useActionState } from "react";
import { ActionMenu } from "@/components/ui/action-menu";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { VISIT_OUTCOMES, VISIT_STATUS_LABELS, type VisitOutcome } from "@/lib/visits/visit-outcome";

// How a visit went, in one click. A scheduled visit offers all three outcomes as buttons; a visit
// already marked offers the other two in a "Change" menu, to correct a slip.
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
  /** Not started yet: no one can have completed or missed it, so only "Cancelled" (the service
   * refuses the others too). */
  upcoming?: boolean;
  /** The outcomes to offer (the visit page cancels through its own confirm step). */
  offer?: readonly VisitOutcome[];
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const outcomes = offer.filter((o) => o !== status && !(upcoming && o !== "cancelled"));
  // A cancelled visit still to come has nothing else to become yet.
  if (outcomes.length === 0) return null;
  const markLabel = (outcome: VisitOutcome) => `Mark ${describedAs} ${VISIT_STATUS_LABELS[outcome].toLowerCase()}`;
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
          ariaLabel={markLabel(outcome)}
        >
          {VISIT_STATUS_LABELS[outcome]}
        </SubmitButton>
      ))}
    </div>
  );
  // The menu's items live in a portal, outside the form: choosing one sends the same fields.
  const choose = (outcome: VisitOutcome) => {
    const data = new FormData();
    data.set("visitId", visitId);
    data.set("status", outcome);
    startTransition(() => formAction(data));
  };
  return (
    <form action={formAction} className="flex flex-col items-end gap-1">
      {status === "scheduled" ? (
        buttons
      ) : (
        <ActionMenu
          trigger={pending ? "Saving…" : "Change"}
          triggerAriaLabel={`Change the outcome of ${describedAs}`}
          triggerClassName={`cursor-pointer whitespace-nowrap rounded px-1 text-xs font-medium text-slate-600 hover:text-slate-900 ${styles.focusRing}`}
          disabled={pending}
          align="end"
          items={outcomes.map((outcome) => ({
            key: outcome,
            label: VISIT_STATUS_LABELS[outcome],
            ariaLabel: markLabel(outcome),
            onSelect: () => choose(outcome),
          }))}
        />
      )}
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-xs text-red-700">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
