import { index, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { leads } from "./leads";
import { createdAt } from "./columns";
import type { DomainType } from "./domain-types";
import { ACTIVITY_TYPES, ACTOR_TYPES } from "../enums";

export const activityTypeEnum = pgEnum("activity_type", ACTIVITY_TYPES);
export const actorTypeEnum = pgEnum("actor_type", ACTOR_TYPES);

// The timeline of a lead. Written in the same transaction as the change it records.
export const activities = pgTable(
  "activities",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    leadId: text()
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    type: activityTypeEnum().notNull(),
    summary: text().notNull(),
    data: jsonb().$type<DomainType<"activityData">>().notNull().default({}),
    actorType: actorTypeEnum().notNull(),
    actorId: text(),
    // Denormalised so the timeline still names a revoked key or a removed user.
    actorName: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /activities (keyset on createdAt, id) and its createdAfter filter.
    index("activities_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // GET /leads/:id (50 most recent) and GET /activities?leadId=….
    index("activities_lead_created_idx").on(t.leadId, t.createdAt, t.id),
  ],
);

export type Activity = typeof activities.$inferSelect;
