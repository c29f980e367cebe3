import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { apiKeys } from "./api-keys";
import { createdAt } from "./columns";

// One row per API request, written after the response; kept 30 days. Never a body or a key.
export const requestLogs = pgTable(
  "request_logs",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    apiKeyId: text()
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    requestId: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: integer().notNull(),
    durationMs: integer().notNull(),
    errorCode: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // The settings page's per-key chart and recent-requests table.
    index("request_logs_key_created_idx").on(t.apiKeyId, t.createdAt),
    // The 30-day expiry sweep.
    index("request_logs_created_idx").on(t.createdAt),
  ],
);

export type RequestLog = typeof requestLogs.$inferSelect;
