import { PgDialect } from "drizzle-orm/pg-core";
import { fillPlaceholders, sql } from "drizzle-orm";
import { DRIZZLE_CONFIG, type DbOrTx } from "@/db/client";
import { jobExecutor } from "@/lib/jobs/job-executor";
import type { RoutingConditions } from "@/lib/schemas/lead-routing";
import { TURN_SEQUENCE_PREFIX } from "./turn-sequence";

// An account's routing rules as a lead's creation needs them: one indexed read
// (lead_routing_rules_account_position_idx), in evaluation order (the default rule last), each
// with the agents round robin may pick now: its agents in turn order, less the members who are
// inactive or marked unavailable. The rows come back as one JSON text, so both engines answer
// the same shape, and the text is fixed so PostgreSQL prepares it once per connection.

export interface RoutingAgent {
  id: string;
  name: string;
}

export interface RoutingRule {
  id: string;
  name: string;
  isDefault: boolean;
  conditions: RoutingConditions;
  /** Every agent of the rule, in turn order; none: the rule leaves leads unassigned. */
  agentIds: string[];
  /** The agents that can take a lead now (active and available), in turn order. */
  available: RoutingAgent[];
  /** The round robin's next turn (what a preview shows; a write advances it in its statement). */
  nextTurn: number;
  rerouteAfterMinutes: number | null;
}

const STATEMENT = new PgDialect({ casing: DRIZZLE_CONFIG.casing }).sqlToQuery(sql`
  select coalesce(json_agg(json_build_object(
    'id', r.id, 'name', r.name, 'isDefault', r.is_default, 'conditions', r.conditions,
    'agentIds', r.agent_ids, 'rerouteAfterMinutes', r.reroute_after_minutes,
    -- The value the rule's turn sequence hands out next (turn-sequence.ts), or its row's.
    'nextTurn', coalesce(pg_sequence_last_value(to_regclass(quote_ident('${sql.raw(TURN_SEQUENCE_PREFIX)}' || r.id))) + 1, r.next_turn),
    'available', coalesce((
      select json_agg(json_build_object('id', u.id, 'name', u.name) order by a.turn)
      from unnest(r.agent_ids) with ordinality as a(user_id, turn)
      join memberships m on m.account_id = r.account_id and m.user_id = a.user_id and m.active and m.available
      join users u on u.id = a.user_id
    ), '[]'::json)
  ) order by r.is_default, r.position, r.id), '[]'::json)::text as rules
  from lead_routing_rules r
  where r.account_id = ${sql.placeholder("accountId")}
`);

export async function loadRoutingRules(db: DbOrTx, accountId: string): Promise<RoutingRule[]> {
  const { rows } = await jobExecutor(db).executeSql(STATEMENT.sql, fillPlaceholders(STATEMENT.params, { accountId }));
  return JSON.parse(rows[0].rules as string) as RoutingRule[];
}
