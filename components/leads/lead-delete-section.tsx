import type { FormState } from "@/components/ui/form-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { styles } from "@/components/ui/styles";

// At the bottom of the lead page, not in its header: on a phone the header is the first thing
// under the thumb, and deleting is the rarest thing done to a lead. It still asks first.
export function LeadDeleteSection({
  leadId,
  name,
  action,
}: {
  leadId: string;
  name: string;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  return (
    <section
      aria-labelledby="delete-lead-title"
      className={`${styles.card} flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between`}
    >
      <div>
        <h2 id="delete-lead-title" className="text-base font-semibold text-slate-900">
          Delete this lead
        </h2>
        <p className="text-sm text-slate-600">An account owner can restore it, with its timeline.</p>
      </div>
      <ConfirmDialog
        triggerLabel="Delete lead"
        title={`Delete ${name}?`}
        description={
          <p>
            The lead disappears from the lists and the API. Its activity is kept, and an account owner can restore it.
          </p>
        }
        confirmLabel="Delete lead"
        pendingLabel="Deleting…"
        action={action}
        fields={{ leadId }}
      />
    </section>
  );
}
