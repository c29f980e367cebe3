import Link from "next/link";
import { styles } from "@/components/ui/styles";
import type { ImportedLead } from "@/lib/imports/lead-of-row";
import type { PreviewRow } from "@/lib/imports/preview-lead-import";

const show = (value: unknown) => (Array.isArray(value) ? value.join(", ") : String(value));

const BY = { externalId: "external id", email: "email", phone: "phone" } as const;

function MatchCell({ match }: { match: PreviewRow["match"] }) {
  if (!match) return <span className="text-slate-500">New lead</span>;
  if (match.leadId) {
    return (
      <Link href={`/leads/${match.leadId}`} className={styles.link}>
        Existing lead (same {BY[match.by]})
      </Link>
    );
  }
  return (
    <span>
      Row {match.rowNumber} of this file (same {BY[match.by]})
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
            <th className={styles.th}>Name</th>
            <th className={styles.th}>Email</th>
            <th className={styles.th}>Phone</th>
            <th className={styles.th}>Other fields</th>
            <th className={styles.th}>Matches</th>
            <th className={styles.th}>Problems</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const { name, email, phone, customFields, ...rest }: Partial<ImportedLead> = row.lead ?? {};
            const others = [
              ...Object.entries(rest).filter(([, v]) => v !== undefined && v !== null),
              ...Object.entries(customFields ?? {}),
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
                <td className={`${styles.td} text-xs text-slate-500`}>
                  {others.map(([key, value]) => `${key}: ${show(value)}`).join(" · ")}
                </td>
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
