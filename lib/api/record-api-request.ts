import { getDb } from "@/db/client";
import { requestLogs } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { createWriteBatcher } from "./write-batcher";

export interface ApiRequestRecord {
  accountId: string;
  apiKeyId: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  errorCode: string | null;
}

// The request log behind the settings page's usage chart. Written after the response; never a
// body, a query string or a key. One INSERT per request cost the server more than the request's
// own queries under load (`npm run bench`): rows wait up to 50 ms and go in together.
const batcher = createWriteBatcher<typeof requestLogs.$inferInsert>(
  async (rows) => {
    const db = await getDb();
    await db.insert(requestLogs).values(rows);
  },
  { maxWaitMs: 50, maxSize: 200 },
);

/** Settles when the row is written (with the batch it joined). */
export function recordApiRequest(record: ApiRequestRecord): Promise<void> {
  // The time of the request, not of the batch.
  return batcher.add({ id: newId("requestLog"), ...record, createdAt: new Date() });
}
