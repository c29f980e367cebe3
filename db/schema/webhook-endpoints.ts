import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, nullableTimestamp, updatedAt } from "./columns";

// Where an account's events are pushed (Settings → Webhooks, /api/v1/webhook-endpoints). The
// signing secrets are sealed (lib/crypto/secret-box.ts): a copy of the database signs nothing.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text().notNull(),
    description: text(),
    // Event types, or ["*"] for all of them.
    events: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    // Why the system disabled it (a 410, five days without a success); null when enabled or
    // disabled by a person.
    disabledReason: text(),
    secret: text().notNull(),
    // After a roll the old secret keeps signing, alongside the new one, until this time.
    previousSecret: text(),
    previousSecretExpiresAt: nullableTimestamp(),
    // The first failed delivery since the last success: five days of failures disable it.
    failingSince: nullableTimestamp(),
    // While it fails: its first attempts wait until this time (its retry's answer, the retry at
    // most a minute away), so a receiver that is down gets its retries, not a request per event
    // (lib/webhooks/endpoint-hold.ts). Null once a delivery succeeds.
    deliveriesHeldUntil: nullableTimestamp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Every change looks up its account's enabled endpoints; Settings lists them.
    index("webhook_endpoints_account_idx").on(t.accountId, t.createdAt),
  ],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
