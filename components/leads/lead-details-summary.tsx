import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import type { PublicLead } from "@/lib/leads/public-lead";
import { leadFieldEntries } from "@/lib/schemas/lead-fields";
import type { LeadTimeZones } from "@/lib/sms/quiet-hours/lead-time-zones";
import { DetailRow } from "@/components/ui/detail-row";
import { leadFieldValue } from "./lead-field";

// The lead's details read-only, as an agent scans them before a call; "Edit" opens the form. The
// rows are the registry's fields with `details` (lib/schemas/lead-fields.ts), in its order, each
// shown by the one field renderer (lead-field.tsx). Empty fields say so rather than vanish
// ("Not known"), so the agent sees what is still to find out, unless the field's entry hides them.
export function LeadDetailsSummary({
  lead,
  currency,
  propertyName,
  timeZones,
  customFields,
  zone = "UTC",
  memberName = null,
}: {
  lead: PublicLead;
  currency: string;
  propertyName: string | null;
  timeZones: LeadTimeZones;
  customFields: readonly CustomFieldUiDefinition[];
  /** The viewer's zone, for times. */
  zone?: string;
  /** The owner's name, for a member field shown here. */
  memberName?: string | null;
}) {
  const context = { currency, zone, propertyName, memberName, timeZones, customFields };
  return (
    <dl className="divide-y divide-slate-100" aria-label="Lead summary">
      {leadFieldEntries().map(([field, spec]) => {
        if (!spec.details) return null;
        const shown = leadFieldValue(spec, lead[field], lead, context);
        if (shown === null && spec.details.empty === null) return null;
        return (
          <DetailRow key={field} term={spec.label}>
            {shown ?? <span className="text-slate-400">{spec.details.empty}</span>}
          </DetailRow>
        );
      })}
    </dl>
  );
}
