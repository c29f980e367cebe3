import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys";
import { createdAt, nullableTimestamp } from "./columns";

// One row per (API key, Idempotency-Key). The primary key makes concurrent duplicates race at
// the database: one insert wins, the others replay or get 409.
/** A key is kept 24 hours: a retry within that time replays; housekeeping deletes older ones. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    apiKeyId: text()
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    // SHA-256 of the request as parsed and validated, to tell a replay from a reuse with another
    // body (lib/api/idempotency.ts).
    requestHash: text().notNull(),
    // Null while the first request is still running.
    responseStatus: integer(),
    // The first answer's exact text: a replay sends the very same bytes (jsonb would reorder
    // keys and respace them).
    responseBody: text(),
    // The body holds a secret shown once and is stored sealed (lib/crypto/secret-box.ts).
    responseSealed: boolean().notNull().default(false),
    responseLocation: text(),
    createdAt: createdAt(),
    completedAt: nullableTimestamp(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    // The 24-hour expiry sweep deletes by age.
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;
