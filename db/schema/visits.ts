import { index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { leads } from "./leads";
import { properties } from "./properties";
import { users } from "./users";
import { createdAt, updatedAt, version } from "./columns";
import { VISIT_STATUSES } from "../enums";

export const visitStatusEnum = pgEnum("visit_status", VISIT_STATUSES);

export const visits = pgTable(
  "visits",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    leadId: text()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    // Deleting a property keeps its visits' history with propertyId null.
    propertyId: text().references(() => properties.id, { onDelete: "set null" }),
    scheduledAt: timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull(),
    durationMinutes: integer().notNull().default(30),
    status: visitStatusEnum().notNull().default("scheduled"),
    agentId: text().references(() => users.id, { onDelete: "set null" }),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // GET /visits with sort=±createdAt (keyset on createdAt, id).
    index("visits_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // GET /visits with sort=±updatedAt.
    index("visits_account_updated_idx").on(t.accountId, t.updatedAt, t.id),
    // The lead page lists a lead's visits; GET /visits?leadId=….
    index("visits_lead_idx").on(t.leadId, t.scheduledAt),
    // The visits page filters by date (from/to on scheduledAt).
    index("visits_account_scheduled_idx").on(t.accountId, t.scheduledAt),
    // The property page lists its visits, upcoming and past, by scheduledAt.
    index("visits_property_idx").on(t.propertyId, t.scheduledAt),
  ],
);

export type Visit = typeof visits.$inferSelect;
