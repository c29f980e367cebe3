"use client";

import { useActionState, useState } from "react";
import type { LeadStatus } from "@/lib/domain/enums";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { styles } from "@/components/ui/styles";

// After a visit is marked completed, the lead page offers the next status (Settings → Pipeline
// → "Offer the next status"): one click moves the lead on through the header's status action,
// or "Lost" when the visit ended it. Nothing moves by itself; "Not now" hides the offer until the
// page is loaded again.
export function NextStatusOffer({
  leadId,
  leadName,
  next,
  visitWhen,
  action,
}: {
  leadId: string;
  leadName: string;
  next: LeadStatus;
  /** The completed visit, in the viewer's zone. */
  visitWhen: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction] = useActionState(action, IDLE);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || state.status === "success") return null;
  return (
    <section
      aria-label="Next status"
      data-testid="next-status-offer"
      className="flex flex-col gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-emerald-950">The visit of {visitWhen} is done.</p>
        <p className="text-emerald-900">
          Move {leadName} to {LEAD_STATUS_LABELS[next]}?
        </p>
        {state.status === "error" && state.message ? (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {state.message}
          </p>
        ) : null}
      </div>
      <form action={formAction} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="leadId" value={leadId} />
        <SubmitButton name="status" value={next} pendingLabel="Moving…">
          Move to {LEAD_STATUS_LABELS[next]}
        </SubmitButton>
        <SubmitButton name="status" value="lost" variant="secondary" pendingLabel="Saving…">
          Mark lost
        </SubmitButton>
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className={`rounded px-2 py-1 text-sm font-medium text-emerald-900 hover:text-emerald-950 ${styles.focusRing}`}
        >
          Not now
        </button>
      </form>
    </section>
  );
}
