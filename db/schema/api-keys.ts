import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { DomainType } from "./domain-types";
import { accounts } from "./accounts";
import { users } from "./users";
import { createdAt, nullableTimestamp } from "./columns";

// API keys. Only the SHA-256 of the key is stored; the plaintext is shown once at creation.
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    // Hex SHA-256 of the full key.
    keyHash: text().notNull(),
    // The key's first 12 characters, shown in the settings panel.
    prefix: text().notNull(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: nullableTimestamp(),
    revokedAt: nullableTimestamp(),
    // Null: full access (every resource, including ones added later). Otherwise a restricted
    // key's grants per resource (lib/keys/permissions.ts).
    permissions: jsonb().$type<DomainType<"apiKeyPermissions">>(),
    // From this instant the key answers 401 api_key_expired. A rolled key's old secret gets the
    // end of its overlap here.
    expiresAt: nullableTimestamp(),
    // Set when the key was rolled: the key that replaced it (same name and permissions).
    replacedBy: text(),
    rolledAt: nullableTimestamp(),
  },
  (t) => [
    // Every API request looks its key up by hash.
    uniqueIndex("api_keys_key_hash_unique").on(t.keyHash),
    // The settings page lists an account's keys, newest first.
    index("api_keys_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
