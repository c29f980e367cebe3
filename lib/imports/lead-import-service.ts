import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leadImports, type LeadImport } from "@/db/schema";
import { enqueue } from "@/lib/jobs/enqueue";
import { importLeadsQueue } from "@/lib/jobs/workers/import-leads";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import { inTransaction } from "@/lib/query/after-commit";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { CUSTOM_FIELD_TARGET, type ImportMapping, type ImportOnMatch } from "@/lib/schemas/lead-imports";
import { readCsv } from "./parse-csv";

// Lead imports as the web UI sees them: upload (the file is read, checked and stored), read,
// list, and start (the job is queued in the same transaction as the status change). Every query
// takes the account id: another account's import is a 404.

/** An import without its file: what pages and the report show. */
export type LeadImportSummary = Omit<LeadImport, "content">;

// Every column but the file: pages never need it, and it may be 20 MB.
const summaryColumns = Object.fromEntries(
  Object.entries(getTableColumns(leadImports)).filter(([name]) => name !== "content"),
) as Omit<ReturnType<typeof getTableColumns<typeof leadImports>>, "content">;

export interface Uploader {
  accountId: string;
  userId: string;
  name: string;
}

/** Reads and stores the upload (refused with a message when it cannot be read); answers its id. */
export async function createLeadImport(by: Uploader, file: { name: string; bytes: Uint8Array }): Promise<string> {
  const csv = readCsv(file.bytes);
  const id = newId("leadImport");
  const db = await getDb();
  await db.insert(leadImports).values({
    id,
    accountId: by.accountId,
    createdBy: by.userId,
    createdByName: by.name,
    fileName: file.name.slice(0, 255) || "import.csv",
    byteSize: file.bytes.byteLength,
    encoding: csv.encoding,
    delimiter: csv.delimiter,
    content: csv.text.replace(/^\uFEFF/, ""),
    headers: csv.headers,
    totalRows: csv.rows.length,
    status: "uploaded",
  });
  return id;
}

export async function getLeadImportOrThrow(accountId: string, id: string): Promise<LeadImportSummary> {
  const db = await getDb();
  const [row] = await db
    .select(summaryColumns)
    .from(leadImports)
    .where(and(eq(leadImports.accountId, accountId), eq(leadImports.id, id)));
  if (!row) throw notFound("Import");
  return row;
}

/** The stored file's text, for the preview. */
export async function getLeadImportContent(accountId: string, id: string): Promise<LeadImport> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(leadImports)
    .where(and(eq(leadImports.accountId, accountId), eq(leadImports.id, id)));
  if (!row) throw notFound("Import");
  return row;
}

/** The account's 50 latest imports, newest first. */
export async function listLeadImports(accountId: string): Promise<LeadImportSummary[]> {
  const db = await getDb();
  return db
    .select(summaryColumns)
    .from(leadImports)
    .where(eq(leadImports.accountId, accountId))
    .orderBy(desc(leadImports.createdAt), desc(leadImports.id))
    .limit(50);
}

/** Saves the mapping and the match rule and queues the job, once: a started import is not restarted. */
export async function startLeadImport(
  accountId: string,
  id: string,
  settings: { mapping: ImportMapping; onMatch: ImportOnMatch },
): Promise<void> {
  const imp = await getLeadImportOrThrow(accountId, id);
  const keys = new Set((await listCustomFieldDefinitions(accountId, "lead")).map((d) => d.key));
  for (const [column, target] of Object.entries(settings.mapping)) {
    if (Number(column) >= imp.headers.length) {
      throw new ApiError("validation_error", "The mapping names a column the file does not have.");
    }
    if (target.startsWith(CUSTOM_FIELD_TARGET) && !keys.has(target.slice(CUSTOM_FIELD_TARGET.length))) {
      throw new ApiError(
        "validation_error",
        `The custom field ${target.slice(CUSTOM_FIELD_TARGET.length)} no longer exists.`,
      );
    }
  }
  const db = await getDb();
  await inTransaction(db, async (tx) => {
    const [started] = await tx
      .update(leadImports)
      .set({ status: "queued", mapping: settings.mapping, onMatch: settings.onMatch })
      .where(and(eq(leadImports.accountId, accountId), eq(leadImports.id, id), eq(leadImports.status, "uploaded")))
      .returning({ id: leadImports.id });
    if (!started) throw new ApiError("conflict", "This import has already been started.");
    await enqueue(tx, importLeadsQueue, { importId: id });
  });
}
