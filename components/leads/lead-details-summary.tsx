import type { CustomFieldUiDefinition } from "@/lib/custom-fields/custom-field-ui";
import { LEAD_INTEREST_LABELS } from "@/lib/leads/lead-labels";
import type { PublicLead } from "@/lib/leads/public-lead";
import type { LeadTimeZones } from "@/lib/sms/quiet-hours/lead-time-zones";
import { formatMoney } from "@/lib/ui/format-money";
import { CustomFieldSummary } from "@/components/custom-fields/custom-field-summary";
import { DetailRow } from "@/components/ui/detail-row";

const CONSENT_WORDS = { granted: "Granted", revoked: "Revoked", unknown: "Not recorded" } as const;

/** The zone quiet hours read (lib/sms/quiet-hours/lead-time-zones.ts), and where it comes from. */
function timeZoneSummary({ zones, from }: LeadTimeZones): string {
  const names = zones.map((zone) => zone.replaceAll("_", " ")).join(", ");
  if (from === "lead") return names;
  if (from === "account") return `${names} (the account's)`;
  return zones.length === 1
    ? `${names} (from the phone number)`
    : `${names} (from the phone number, whose area code spans them: texts wait for daytime in all)`;
}

/** The SMS line of the details: consent and opt-out in a few words (the full record is in its panel). */
function smsSummary(lead: PublicLead): string {
  const { status, source } = lead.consent.sms;
  const consent = `Consent ${CONSENT_WORDS[status].toLowerCase()}${source ? ` (${source})` : ""}`;
  return lead.smsOptOut ? `${consent} · opted out` : consent;
}

// The lead's details read-only, as an agent scans them before a call; "Edit" opens the form.
// Empty fields say so rather than vanish, so the agent sees what is still to find out.
export function LeadDetailsSummary({
  lead,
  currency,
  propertyName,
  timeZones,
  customFields,
}: {
  lead: PublicLead;
  currency: string;
  propertyName: string | null;
  timeZones: LeadTimeZones;
  customFields: readonly CustomFieldUiDefinition[];
}) {
  const unknown = <span className="text-slate-400">Not known</span>;
  return (
    <dl className="divide-y divide-slate-100" aria-label="Lead summary">
      <DetailRow term="Interest">{lead.interest ? LEAD_INTEREST_LABELS[lead.interest] : unknown}</DetailRow>
      <DetailRow term="Budget">{lead.budget === null ? unknown : formatMoney(lead.budget, currency)}</DetailRow>
      <DetailRow term="Property">{propertyName ?? <span className="text-slate-400">None</span>}</DetailRow>
      <DetailRow term="Source">{lead.source ?? unknown}</DetailRow>
      <DetailRow term="Tags">
        {lead.tags.length ? lead.tags.join(", ") : <span className="text-slate-400">None</span>}
      </DetailRow>
      <DetailRow term="SMS">{smsSummary(lead)}</DetailRow>
      <DetailRow term="Time zone">{timeZoneSummary(timeZones)}</DetailRow>
      {customFields.length ? (
        <DetailRow term="Custom fields">
          <CustomFieldSummary definitions={customFields} values={lead.customFields} />
        </DetailRow>
      ) : null}
      {lead.notes ? (
        <DetailRow term="Notes">
          <span className="whitespace-pre-wrap break-words">{lead.notes}</span>
        </DetailRow>
      ) : null}
      {/* The integrator's own id: how staff find this lead in the portal or CRM it came from. */}
      {lead.externalId ? (
        <DetailRow term="External id">
          <code className="font-mono text-slate-700">{lead.externalId}</code>
        </DetailRow>
      ) : null}
    </dl>
  );
}
