import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import type { RequestLog } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { createWriteBatcher } from "./write-batcher";

/** A request_logs row without its id, and `at`: when the request arrived (rows sort by it,
 * whenever their batch is written). */
export type ApiRequestRecord = Omit<RequestLog, "id" | "createdAt"> & { at: Date };

// The request log behind the settings page's usage chart. Written after the response; never a
// body, a query string or a key. One INSERT per request cost the server more than the request's
// own queries under load (`npm run bench`): rows wait up to 50 ms and go in together.
const batcher = createWriteBatcher<ApiRequestRecord & { id: string }>(
  "request_logs",
  async (rows) => {
    const db = await getDb();
    // The batch goes as one JSON parameter, so the statement's text is the same whatever the
    // batch size: PostgreSQL parses and plans it once per connection, and building it costs
    // nothing (a multi-row VALUES of 200 rows is 2,000 parameters, built and described anew).
    const json = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        account_id: r.accountId,
        api_key_id: r.apiKeyId,
        request_id: r.requestId,
        method: r.method,
        path: r.path,
        status: r.status,
        duration_ms: r.durationMs,
        error_code: r.errorCode,
        created_at: r.at.toISOString(),
      })),
    );
    await db.execute(sql`
      insert into request_logs (id, account_id, api_key_id, request_id, method, path, status, duration_ms, error_code, created_at)
      select id, account_id, api_key_id, request_id, method, path, status, duration_ms, error_code, created_at
      from jsonb_to_recordset(${json}::jsonb) as r(id text, account_id text, api_key_id text, request_id text, method text, path text, status integer, duration_ms integer, error_code text, created_at timestamptz)`);
  },
  { maxWaitMs: 50, maxSize: 200 },
);

/** Settles when the row's batch is written (or its failure logged): see write-batcher. */
export function recordApiRequest(record: ApiRequestRecord): Promise<void> {
  return batcher.add({ id: newId("requestLog"), ...record });
}
