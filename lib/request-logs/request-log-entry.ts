import type { RequestLog } from "@/db/schema";

// What the settings page shows of one logged request. The log never held a body, a query
// string or a key, so there is nothing more to hide; accountId stays out of the page.
export interface RequestLogEntry {
  id: string;
  apiKeyId: string;
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  errorCode: string | null;
  createdAt: Date;
}

export function toRequestLogEntry(row: RequestLog): RequestLogEntry {
  return {
    id: row.id,
    apiKeyId: row.apiKeyId,
    requestId: row.requestId,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.durationMs,
    errorCode: row.errorCode,
    createdAt: row.createdAt,
  };
}
