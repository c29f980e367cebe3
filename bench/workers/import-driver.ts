// Scenario 9's driver (bench/scenarios/lead-import.ts): uploads a generated CSV of <rows> leads to
// a new account through the import service, starts it (the job goes to pg-boss; a separate
// `npm run worker` process runs it), follows its progress, and then imports the same file again
// with "skip" (nothing may be created). Prints progress on stderr and one JSON line on stdout:
// {rows, bytes, uploadSeconds, seconds, jobSeconds, rowsPerSecond, counts, skipRun: {seconds, created, skipped}}.
// The account is deleted at the end (its leads, activities and events with it).
//   DATABASE_URL=… node --import tsx bench/workers/import-driver.ts <rows>
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { accounts } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { createLeadImport, getLeadImportOrThrow, startLeadImport } from "@/lib/imports/lead-import-service";
import { createQueues } from "@/lib/jobs/start-workers";
import { importLeadsQueue } from "@/lib/jobs/workers/import-leads";
import type { ImportMapping } from "@/lib/schemas/lead-imports";

const HEADER = "First name,Last name,Email,Phone,Status,Source,Tags,Budget,Notes";
const MAPPING: ImportMapping = {
  "0": "firstName",
  "1": "lastName",
  "2": "email",
  "3": "phone",
  "4": "status",
  "5": "source",
  "6": "tags",
  "7": "budget",
  "8": "notes",
};

/** A spreadsheet as agencies export them: quoted notes with commas and newlines, one row in a
 * hundred with an invalid email (reported, not imported). */
function csvOf(rows: number, run: string): Uint8Array {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const email = i % 100 === 99 ? `broken-${i}-at-example` : `lead${i}.${run}@bench.example`;
    // +1 212 2xx xxxx: valid New York numbers, unique per row.
    const phone = `(212) ${200 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, "0")}`;
    lines.push(
      `Lead,Number ${i},${email},${phone},${i % 3 ? "New" : "Contacted"},Spreadsheet,"buyer, import",$${300_000 + i},"Called twice,\nwants a garden"`,
    );
  }
  return new TextEncoder().encode(lines.join("\r\n"));
}

async function follow(accountId: string, id: string, label: string) {
  const started = performance.now();
  let last = 0;
  for (;;) {
    const imp = await getLeadImportOrThrow(accountId, id);
    if (imp.status === "completed" || imp.status === "failed") {
      return { imp, seconds: (performance.now() - started) / 1000 };
    }
    if (performance.now() - last > 5_000) {
      process.stderr.write(
        `  ${label}: ${imp.processedRows.toLocaleString("en-US")} / ${imp.totalRows.toLocaleString("en-US")} rows\n`,
      );
      last = performance.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main() {
  // Never the embedded database: the worker is another process, and PGlite belongs to one.
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL must name the bench database (PostgreSQL)");
  const rows = Number(process.argv[2] ?? 100_000);
  const run = Date.now().toString(36);
  await createQueues([importLeadsQueue]);
  const { accountId, userId } = await createAccount({
    name: `Import bench ${run}`,
    email: `import-bench-${run}@bench.example`,
    password: "bench-import-1",
    plan: "agency",
  });
  const by = { accountId, userId, name: "Import bench" };
  try {
    const bytes = csvOf(rows, run);
    const uploadStarted = performance.now();
    const id = await createLeadImport(by, { name: "bench.csv", bytes });
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    await startLeadImport(accountId, id, { mapping: MAPPING, onMatch: "skip" });
    const first = await follow(accountId, id, "import");

    const again = await createLeadImport(by, { name: "bench.csv", bytes });
    await startLeadImport(accountId, again, { mapping: MAPPING, onMatch: "skip" });
    const second = await follow(accountId, again, "same file, skip");

    const r = (n: number) => Math.round(n * 10) / 10;
    process.stdout.write(
      `${JSON.stringify({
        rows,
        bytes: bytes.byteLength,
        uploadSeconds: r(uploadSeconds),
        status: first.imp.status,
        seconds: r(first.seconds),
        // The job's own time, from the import's row: the worker's pickup of the job left out.
        jobSeconds: r((first.imp.finishedAt!.getTime() - first.imp.startedAt!.getTime()) / 1000),
        rowsPerSecond: Math.round(rows / first.seconds),
        counts: {
          created: first.imp.createdCount,
          merged: first.imp.mergedCount,
          skipped: first.imp.skippedCount,
          failed: first.imp.failedCount,
        },
        skipRun: { seconds: r(second.seconds), created: second.imp.createdCount, skipped: second.imp.skippedCount },
      })}\n`,
    );
  } finally {
    const db = await getDb();
    await db.delete(accounts).where(eq(accounts.id, accountId));
    await closeDb();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
