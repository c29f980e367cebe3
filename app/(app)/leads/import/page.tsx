import type { Metadata } from "next";
import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { requireMember } from "@/lib/auth/get-current-member";
import { listLeadImports } from "@/lib/imports/lead-import-service";
import { formatInZone } from "@/components/ui/format-date";
import { ImportStatusBadge } from "./import-status-badge";
import { UploadForm } from "./upload-form";

export const metadata: Metadata = { title: "Import leads" };

export default async function ImportLeadsPage() {
  const member = await requireMember();
  const imports = await listLeadImports(member.accountId);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Import leads"
        description="Bring leads from a spreadsheet or another CRM: upload a CSV, match its columns to lead fields, check a preview, and choose what happens to people you already have."
        actions={
          <Link href="/leads" className={styles.secondaryButton}>
            Back to leads
          </Link>
        }
      />
      <section className={`${styles.card} p-5`}>
        <UploadForm />
      </section>
      <section aria-labelledby="imports-title" className={`${styles.card} overflow-hidden`}>
        <h2 id="imports-title" className="border-b border-slate-100 px-5 py-3 text-base font-semibold text-slate-900">
          Recent imports
        </h2>
        {imports.length === 0 ? (
          <EmptyState title="No imports yet">Imports you start show here, with their progress and report.</EmptyState>
        ) : (
          <DataTable
            label="Recent imports"
            columns={[
              { label: "File" },
              { label: "Uploaded" },
              { label: "Status" },
              { label: "Rows" },
              { label: "Created" },
              { label: "Merged" },
              { label: "Skipped" },
              { label: "Failed" },
            ]}
          >
            {imports.map((imp) => (
              <tr key={imp.id}>
                <td className={styles.td}>
                  <Link href={`/leads/import/${imp.id}`} className={styles.link}>
                    {imp.fileName}
                  </Link>
                </td>
                <td className={styles.td}>
                  {formatInZone(imp.createdAt, member.timeZone, "stamp")} by {imp.createdByName}
                </td>
                <td className={styles.td}>
                  <ImportStatusBadge status={imp.status} />
                </td>
                <td className={styles.td}>{imp.totalRows.toLocaleString("en-US")}</td>
                <td className={styles.td}>{imp.createdCount.toLocaleString("en-US")}</td>
                <td className={styles.td}>{imp.mergedCount.toLocaleString("en-US")}</td>
                <td className={styles.td}>{imp.skippedCount.toLocaleString("en-US")}</td>
                <td className={styles.td}>{imp.failedCount.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
