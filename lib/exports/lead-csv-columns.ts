import type { CustomFieldDefinition } from "@/db/schema";
import type { PublicLead } from "@/lib/leads/public-lead";
import { leadFieldEntries, type LeadFieldName, type LeadFieldSpec } from "@/lib/schemas/lead-fields";
import { withCustomFieldColumns, listCell, timeCell, yesNo, type Cell } from "./csv-cells";

// The lead export's columns, one list of header and cell together (as Dub builds its export),
// derived from the field registry (lib/schemas/lead-fields.ts) in its order: each field with
// `csv` gives the columns its kind of value needs. A field added to the registry is exported
// with no edit here.

/** What a cell needs besides the lead: names for the ids it holds. */
interface LeadCsvNames {
  members: ReadonlyMap<string, string>;
  properties: ReadonlyMap<string, string>;
}

export interface LeadCsvColumn {
  header: string;
  cell(lead: PublicLead, names: LeadCsvNames): Cell;
}

type Definition = Pick<CustomFieldDefinition, "key" | "label" | "type">;

const SMS_CONSENT_COLUMNS = (label: string): LeadCsvColumn[] => [
  { header: label, cell: (lead) => lead.consent.sms.status },
  { header: `${label} at (UTC)`, cell: (lead) => timeCell(lead.consent.sms.at) },
  { header: `${label} source`, cell: (lead) => lead.consent.sms.source },
  { header: `${label} text`, cell: (lead) => lead.consent.sms.text },
  { header: `${label} IP`, cell: (lead) => lead.consent.sms.ip },
];

function columnsOf(field: LeadFieldName, spec: LeadFieldSpec): LeadCsvColumn[] {
  const value = (lead: PublicLead) => lead[field] as unknown;
  const named = (of: keyof LeadCsvNames): LeadCsvColumn[] => [
    { header: spec.label, cell: (lead, names) => names[of].get(value(lead) as string) ?? null },
    { header: `${spec.label} ID`, cell: (lead) => value(lead) as Cell },
  ];
  switch (spec.value) {
    case "enum":
      return [{ header: spec.label, cell: (lead) => spec.values?.[value(lead) as string] ?? (value(lead) as Cell) }];
    case "member":
      return named("members");
    case "property":
      return named("properties");
    case "list":
      return [{ header: spec.label, cell: (lead) => listCell(value(lead) as string[]) }];
    case "boolean":
      return [{ header: spec.label, cell: (lead) => yesNo(value(lead) as boolean) }];
    case "time":
      return [{ header: `${spec.label} (UTC)`, cell: (lead) => timeCell(value(lead) as string) }];
    case "consent":
      return SMS_CONSENT_COLUMNS(spec.label);
    case "customFields":
      // One column per definition of the account: leadCsvColumns adds them.
      return [];
    default:
      return [{ header: spec.label, cell: (lead) => value(lead) as Cell }];
  }
}

const FIXED = leadFieldEntries().flatMap(([field, spec]) => (spec.csv ? columnsOf(field, spec) : []));

/** The columns, then one per custom field of the account's lead definitions (a header that
 * repeats a column's gets the field's key). */
export function leadCsvColumns(definitions: readonly Definition[]): LeadCsvColumn[] {
  return withCustomFieldColumns(FIXED, definitions);
}
