import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { auditLogEntries, type AuditLogEntry } from "@/db/schema";
import type { RequestClient } from "@/lib/audit/request-client";
import { arrivedFrom } from "../../helpers/arrived-from";

/** The origin the tests act from, so each entry's IP and user agent can be checked. */
export const ORIGIN: RequestClient = { ip: "203.0.113.7", userAgent: "AuditTest/1.0 (integration)" };

/** The same origin as request headers, for calls through the API: the peer stamp a server
 * writes on a request from that address (an X-Forwarded-For alone names no one). */
export const ORIGIN_HEADERS = { ...arrivedFrom(ORIGIN.ip!), "user-agent": ORIGIN.userAgent! };

export async function auditEntries(accountId: string): Promise<AuditLogEntry[]> {
  const db = await getDb();
  return db
    .select()
    .from(auditLogEntries)
    .where(eq(auditLogEntries.accountId, accountId))
    .orderBy(asc(auditLogEntries.occurredAt), asc(auditLogEntries.id));
}

/** Runs `act` and answers its result with the audit entries it added to the account. */
export async function withNewEntries<T>(
  accountId: string,
  act: () => Promise<T>,
): Promise<{ result: T; entries: AuditLogEntry[] }> {
  const before = new Set((await auditEntries(accountId)).map((entry) => entry.id));
  const result = await act();
  const entries = (await auditEntries(accountId)).filter((entry) => !before.has(entry.id));
  return { result, entries };
}
