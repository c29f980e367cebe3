import Link from "next/link";
import type { PublicLead } from "@/lib/leads/public-lead";
import { LEAD_FIELDS } from "@/lib/schemas/lead-fields";
import type { FormState } from "@/components/ui/form-state";
import { formatInZone } from "@/components/ui/format-date";
import { styles } from "@/components/ui/styles";
import { InPlaceSelect } from "./in-place-select";
import { LeadContactActions } from "./lead-contact-actions";
import { sourceLabel } from "@/components/ui/source-label";

type Option = { value: string; label: string };
type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

// The top of the lead page, what an agent acts on first: who it is, where the deal stands and
// whose it is (both changed in place), and the ways to reach them. Deleting is at the bottom.
// These fields' rows are left out of the details panel (their `details: null` in
// lib/schemas/lead-fields.ts says why); both are labelled as the registry names them, so the page
// says "Assigned to" as the list does ("Owner" is also a role).
export function LeadHeader({
  lead,
  country,
  statuses,
  members,
  statusAction,
  ownerAction,
  timeZone,
}: {
  lead: PublicLead;
  country: string;
  /** The viewer's zone (Member.timeZone): "Lead since" is the day it was there. */
  timeZone: string;
  statuses: readonly Option[];
  members: readonly Option[];
  statusAction: Action;
  ownerAction: Action;
}) {
  return (
    <header className="space-y-3">
      <Link href="/leads" className={`${styles.link} text-sm`}>
        ← All leads
      </Link>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <h1 className="break-words text-2xl font-semibold tracking-tight text-slate-900">{lead.name}</h1>
          <p className="text-sm text-slate-600">
            Lead since {formatInZone(lead.createdAt, timeZone, "date")}
            {lead.source ? ` · from ${sourceLabel(lead.source)}` : ""}
          </p>
          <LeadContactActions phone={lead.phone} email={lead.email} country={country} />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
          <InPlaceSelect
            label={LEAD_FIELDS.status.label}
            name="status"
            value={lead.status}
            options={statuses}
            leadId={lead.id}
            action={statusAction}
          />
          <InPlaceSelect
            label={LEAD_FIELDS.assignedTo.label}
            formLabel="Reassign lead"
            name="assignedTo"
            value={lead.assignedTo ?? ""}
            options={members}
            leadId={lead.id}
            action={ownerAction}
          />
        </div>
      </div>
    </header>
  );
}
