import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { apiKeys } from "./api-keys";
import { createdAt, nullableTimestamp } from "./columns";

// One row per (account, Idempotency-Key), as Stripe scopes them: a retry replays whichever of
// the account's keys sends it, a rolled key's new secret included, and another account's same
// key string never collides. The primary key makes concurrent duplicates race at the database:
// one insert wins, the others replay or get 409.
/** A key is kept 24 hours: a retry within that time replays; housekeeping deletes older ones. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text().notNull(),
    // The key that sent the first request (support's question: who made this?).
    apiKeyId: text()
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    method: text().notNull(),
    path: text().notNull(),
    // SHA-256 of the request as parsed and validated, and of the sending key's permissions, to
    // tell a replay from a reuse with another body or by a key allowed other things
    // (lib/api/idempotency.ts).
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
    // Every POST with an Idempotency-Key claims (account, key) by inserting it.
    primaryKey({ columns: [t.accountId, t.key] }),
    // The 24-hour expiry sweep deletes by age.
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;
