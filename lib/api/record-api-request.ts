import { getDb } from "@/db/client";
import { requestLogs } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";

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
// body, a query string or a key.
export async function recordApiRequest(record: ApiRequestRecord): Promise<void> {
  const db = await getDb();
  await db.insert(requestLogs).values({ id: newId("requestLog"), ...record });
}
