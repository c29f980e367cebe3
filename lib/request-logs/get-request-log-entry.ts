import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { apiKeys, requestLogs } from "@/db/schema";
import { notFound } from "@/lib/errors/api-error";
import type { ApiKeyPermissions } from "@/lib/keys/permissions";
import { toRequestLogEntry, type RequestLogEntry } from "./request-log-entry";

export interface RequestLogDetails extends RequestLogEntry {
  /** Its name, display prefix and current permissions (null: full access): never the hash. */
  key: { id: string; name: string; prefix: string; permissions: ApiKeyPermissions | null };
}

// One logged request with its key's name, prefix and permissions, by the log row's id (the primary key: the
// request id has no index, and the table holds 30 days of every request). Another account's
// entry is not_found.
export async function getRequestLogEntry(accountId: string, id: string, db?: DbOrTx): Promise<RequestLogDetails> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({
      log: requestLogs,
      key: { id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, permissions: apiKeys.permissions },
    })
    .from(requestLogs)
    .innerJoin(apiKeys, eq(apiKeys.id, requestLogs.apiKeyId))
    .where(and(eq(requestLogs.id, id), eq(requestLogs.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("Request");
  return { ...toRequestLogEntry(row.log), key: row.key };
}
