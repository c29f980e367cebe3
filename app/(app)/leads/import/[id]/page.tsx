import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { requireMember } from "@/lib/auth/get-current-member";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { guessMapping } from "@/lib/imports/guess-mapping";
import { importTargetOptions } from "@/lib/imports/import-targets";
import { getLeadImportOrThrow, type LeadImportSummary } from "@/lib/imports/lead-import-service";
import { previewLeadImport } from "@/lib/imports/preview-lead-import";
import { formatInZone } from "@/components/ui/format-date";
import { orNotFound } from "@/app/(app)/_shared/or-not-found";
import { ImportStatusBadge } from "../import-status-badge";
import { ImportProgress } from "./import-progress";
import { MappingWizard } from "./mapping-wizard";

export const metadata: Metadata = { title: "Import leads" };

const DELIMITER_NAMES: Record<string, string> = { ",": "commas", ";": "semicolons", "\t": "tabs", "|": "pipes" };

export default async function LeadImportPage({ params }: { params: Promise<{ id: string }> }) {
  const member = await requireMember();
  const { id } = await params;
  const imp = await orNotFound(getLeadImportOrThrow(member.accountId, id));
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Import ${imp.fileName}`}
        description={
          <>
            {imp.totalRows.toLocaleString("en-US")} rows, separated by {DELIMITER_NAMES[imp.delimiter] ?? imp.delimiter}
            , uploaded {formatInZone(imp.createdAt, member.timeZone, "stamp")} by {imp.createdByName}.
          </>
        }
        actions={
          <Link href="/leads/import" className={styles.secondaryButton}>
            All imports
          </Link>
        }
      />
      {imp.encoding === "windows-1252" ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This file is not UTF-8: it was read as Windows-1252 (Latin-1), as older Excel versions save CSV files. Check
          that accented names look right in the preview.
        </p>
      ) : null}
      {imp.status === "uploaded" ? <Wizard imp={imp} accountId={member.accountId} /> : <Report imp={imp} />}
    </div>
  );
}

async function Wizard({ imp, accountId }: { imp: LeadImportSummary; accountId: string }) {
  const definitions = await listCustomFieldDefinitions(accountId, "lead");
  const guessed = guessMapping(imp.headers, definitions);
  const rows = await previewLeadImport(accountId, imp.id, guessed).catch(() => undefined);
  return (
    <MappingWizard
      importId={imp.id}
      headers={imp.headers}
      sample={rows?.[0]?.cells ?? []}
      options={importTargetOptions(definitions)}
      guessed={guessed}
      initialPreview={rows ? { status: "idle", rows } : { status: "idle" }}
    />
  );
}

function Report({ imp }: { imp: LeadImportSummary }) {
  const active = imp.status === "queued" || imp.status === "running";
  const counts = [
    ["Created", imp.createdCount],
    ["Merged", imp.mergedCount],
    ["Skipped", imp.skippedCount],
    ["Failed", imp.failedCount],
  ] as const;
  return (
    <section aria-labelledby="progress-title" className={`${styles.card} space-y-5 p-5`}>
      <div className="flex items-center gap-3">
        <h2 id="progress-title" className="text-base font-semibold text-slate-900">
          {active ? "Importing…" : "Report"}
        </h2>
        <ImportStatusBadge status={imp.status} />
      </div>
      <ImportProgress processed={imp.processedRows} total={imp.totalRows} active={active} />
      {active ? (
        <p className="text-sm text-slate-600">
          You can leave this page: the import goes on, and its report stays here.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="text-2xl font-semibold text-slate-900" data-testid={`import-${label.toLowerCase()}`}>
              {value.toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
      {imp.error ? <p className="text-sm text-red-700">{imp.error}</p> : null}
      {imp.failedCount > 0 ? (
        <a href={`/leads/import/${imp.id}/failed-rows`} className={styles.secondaryButton} download>
          Download the failed rows (CSV, with reasons)
        </a>
      ) : null}
      {imp.status === "completed" ? (
        <Link href="/leads" className={`${styles.link} block text-sm`}>
          See your leads
        </Link>
      ) : null}
    </section>
  );
}
