import { LEAD_FIELDS, leadFieldEntries, type LeadFieldName } from "@/lib/schemas/lead-fields";
import { formatInZone } from "@/components/ui/format-date";
import { VISIT_STATUS_LABELS } from "@/lib/visits/visit-outcome";
import { spreadCustomFieldChanges } from "@/lib/custom-fields/custom-field-ui";
import { formatMoney } from "@/components/ui/format-money";

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

// `data.changes` of an update, as "Field: old → new" lines. Ids are shown by name where the
// page knows them (members, properties), enum values by their labels ("Negotiating"), a budget
// in the account's currency ("$900,000"); anything else is shown as stored.

// A lead's fields are named by the field registry (lib/schemas/lead-fields.ts); its consent's
// changes are recorded at `consent.sms`, its custom fields' at `customFields.<key>`.
const LEAD_FIELD_LABELS = Object.fromEntries(
  leadFieldEntries().flatMap(([field, spec]) =>
    spec.timeline && spec.value !== "customFields"
      ? [[spec.value === "consent" ? `${field}.sms` : field, spec.label]]
      : [],
  ),
);

const FIELD_LABELS: Record<string, string> = {
  ...LEAD_FIELD_LABELS,
  deleted: "Deleted",
  visitStatus: "Visit status",
  visitScheduledAt: "Visit time",
  visitDurationMinutes: "Visit length",
  visitAgentId: "Visit agent",
  visitNotes: "Visit notes",
};

/** A changed field as the timeline names it ("assignedTo" → "Assigned to"; a custom field by its key). */
const fieldLabel = (field: string) => FIELD_LABELS[field] ?? field.replace(/^customFields\./, "");

export interface NameLookups {
  members: Map<string, string>;
  properties: Map<string, string>;
}

interface ShowContext {
  names: NameLookups;
  zone: string;
  currency: string;
}

/** One side of a change, readable: "$900,000", "Won", a member's name, a time in the viewer's zone. */
export function showChangeValue(field: string, value: unknown, { names, zone, currency }: ShowContext): string {
  if (value === null || value === undefined || value === "") return "—";
  const spec = field in LEAD_FIELDS ? LEAD_FIELDS[field as LeadFieldName] : undefined;
  // Money is in whole units of the account's currency (as the lead form takes a budget).
  if (spec?.value === "money" && typeof value === "number") return formatMoney(value, currency);
  // A visit's time, stored in UTC as the API serves it, in the viewer's zone.
  if (field === "visitScheduledAt" && typeof value === "string") return formatInZone(value, zone);
  if (field === "visitDurationMinutes" && typeof value === "number") return `${value} min`;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  // Any other number (a custom number field, a count) with separators: 900,000, not 900000.
  if (typeof value === "number") return NUMBER.format(value);
  if (Array.isArray(value)) return value.length ? value.join(", ") : "—";
  // A consent record (sms_consent_changed): its status, how and when, not its JSON.
  if (field === "consent.sms" && typeof value === "object" && "status" in value) {
    const c = value as { status: string; source?: string | null; at?: string | null };
    return [c.status, c.source, c.at ? formatInZone(c.at, zone) : null].filter(Boolean).join(" · ");
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const labels: Record<string, Readonly<Record<string, string>> | Map<string, string>> = {
    visitStatus: VISIT_STATUS_LABELS,
    visitAgentId: names.members,
  };
  const leadLabels: Readonly<Record<string, string>> | Map<string, string> | undefined =
    spec && "values" in spec
      ? spec.values
      : spec?.value === "member"
        ? names.members
        : spec?.value === "property"
          ? names.properties
          : undefined;
  const table = leadLabels ?? labels[field];
  const named = table instanceof Map ? table.get(text) : table?.[text];
  const shown = named ?? text;
  return shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}

export function ActivityChanges({
  data,
  names,
  zone,
  currency,
  omit = [],
}: {
  data: Record<string, unknown>;
  names: NameLookups;
  zone: string;
  currency: string;
  /** Fields the entry's summary already reads out (a status change's "New → Won"). */
  omit?: readonly string[];
}) {
  const changes = data.changes;
  if (!changes || typeof changes !== "object") return null;
  const entries = Object.entries(spreadCustomFieldChanges(changes as Record<string, unknown>)).filter(
    (entry): entry is [string, [unknown, unknown]] =>
      !omit.includes(entry[0]) && Array.isArray(entry[1]) && entry[1].length === 2,
  );
  const context = { names, zone, currency };
  if (!entries.length) return null;
  return (
    <dl className="mt-1.5 space-y-0.5 text-xs text-slate-600">
      {entries.map(([field, [before, after]]) => (
        <div key={field} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-700">{fieldLabel(field)}:</dt>
          <dd>
            <span className="line-through decoration-slate-400">{showChangeValue(field, before, context)}</span> →{" "}
            <span className="text-slate-900">{showChangeValue(field, after, context)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
