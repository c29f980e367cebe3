import Link from "next/link";
import { styles } from "@/components/ui/styles";
import type { ImportedLead } from "@/lib/imports/lead-of-row";
import type { PreviewRow } from "@/lib/imports/preview-lead-import";
import { LEAD_FIELDS, type LeadFieldName, type LeadFieldSpec } from "@/lib/schemas/lead-fields";

// Fields are named by their labels in the lead field registry (lib/schemas/lead-fields.ts), an
// enum's value by its label: the row reads as the lead's page will.
const spec = (field: string): LeadFieldSpec | undefined => LEAD_FIELDS[field as LeadFieldName];

function show(field: string, value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  const values = spec(field)?.values;
  return values?.[String(value)] ?? String(value);
}

/** "Interest: Buy" for a field of the lead. */
const leadField = ([field, value]: [string, unknown]) => `${spec(field)?.label ?? field}: ${show(field, value)}`;
/** A custom field by its key (the definitions are not loaded here). */
const customField = ([key, value]: [string, unknown]) =>
  `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`;

/** The field a match was found by, as a sentence names it ("same external id"). */
const BY = (match: NonNullable<PreviewRow["match"]>) => LEAD_FIELDS[match.by].label.toLowerCase();

function MatchCell({ match }: { match: PreviewRow["match"] }) {
  if (!match) return <span className="text-slate-500">New lead</span>;
  if (match.leadId) {
    return (
      <Link href={`/leads/${match.leadId}`} className={styles.link}>
        Existing lead (same {BY(match)})
      </Link>
    );
  }
  return (
    <span>
      Row {match.rowNumber} of this file (same {BY(match)})
    </span>
  );
}

// The preview: each row as the import will write it, or its problems, and what it matches.
export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className={styles.table}>
        <thead className="bg-slate-50">
          <tr>
            <th className={styles.th}>Row</th>
            <th className={styles.th}>{LEAD_FIELDS.name.label}</th>
            <th className={styles.th}>{LEAD_FIELDS.email.label}</th>
            <th className={styles.th}>{LEAD_FIELDS.phone.label}</th>
            <th className={styles.th}>Other fields</th>
            <th className={styles.th}>Matches</th>
            <th className={styles.th}>Problems</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const { name, email, phone, customFields, ...rest }: Partial<ImportedLead> = row.lead ?? {};
            const others = [
              ...Object.entries(rest)
                .filter(([, v]) => v !== undefined && v !== null)
                .map(leadField),
              ...Object.entries(customFields ?? {}).map(customField),
            ];
            return (
              <tr key={row.rowNumber} className={row.problems.length ? "bg-red-50/60" : undefined}>
                <td className={styles.td}>{row.rowNumber}</td>
                <td className={styles.td}>
                  {/* A row with problems is shown as it is in the file. */}
                  {name ?? <span className="text-slate-500">{row.cells.filter(Boolean).join(" · ")}</span>}
                </td>
                <td className={styles.td}>{email ?? ""}</td>
                <td className={styles.td}>{phone ?? ""}</td>
                <td className={`${styles.td} text-xs text-slate-500`}>{others.join(" · ")}</td>
                <td className={`${styles.td} text-xs`}>
                  <MatchCell match={row.match} />
                </td>
                <td className={`${styles.td} text-red-700`}>{row.problems.join("; ") || "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
