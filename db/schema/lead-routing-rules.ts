import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, json, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import type { DomainType } from "./domain-types";

// Settings → Lead routing (lib/routing): an account's ordered rules, first match wins, and the
// default rule (is_default) after them all. A rule sends a lead to its one agent, to its agents in
// turn (round robin), or, with no agent, leaves it unassigned.
export const leadRoutingRules = pgTable(
  "lead_routing_rules",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    // Order of evaluation, lowest first; the default rule is evaluated last whatever its position.
    position: integer().notNull().default(0),
    isDefault: boolean().notNull().default(false),
    conditions: json().$type<DomainType<"leadRoutingConditions">>().notNull().default({}),
    // User ids, in turn order. One: that agent; several: round robin; none: leave unassigned.
    agentIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The round robin's next turn: the write that creates leads advances it by their number in
    // its own statement (UPDATE … SET next_turn = next_turn + n RETURNING), under the row's lock,
    // so concurrent creates never take the same turn. Agent = available agents[turn mod count].
    nextTurn: bigint({ mode: "number" }).notNull().default(0),
    // Re-route after silence: minutes without a call, text, email or note before the lead moves
    // to the next agent; null when the rule does not re-route.
    rerouteAfterMinutes: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The one read of a lead's creation (lib/routing/load-routing-rules.ts): an account's rules in order.
    index("lead_routing_rules_account_position_idx").on(t.accountId, t.position),
    // One default rule per account.
    uniqueIndex("lead_routing_rules_account_default_unique")
      .on(t.accountId)
      .where(sql`${t.isDefault}`),
  ],
);

export type LeadRoutingRule = typeof leadRoutingRules.$inferSelect;
