import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { users } from "./users";

// A member's named filters of the leads list ("Hot buyers in Oakland"): the list's URL parameters
// as they were saved, applied by opening the list with them. Each member's own, in one account.
export const savedLeadViews = pgTable(
  "saved_lead_views",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    // The leads list's URL parameters (lib/leads/lead-list-params.ts), valid ones only.
    params: jsonb().$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One name per member and account, whatever its case; also the list above the leads, by name.
    uniqueIndex("saved_lead_views_user_name_unique").on(t.accountId, t.userId, sql`lower(${t.name})`),
    // The count that caps a member's views, and the list in saved order.
    index("saved_lead_views_user_created_idx").on(t.accountId, t.userId, t.createdAt),
  ],
);

export type SavedLeadView = typeof savedLeadViews.$inferSelect;
