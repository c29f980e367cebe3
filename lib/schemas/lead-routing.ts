import { LEAD_INTERESTS } from "@/lib/domain/enums";
import { z } from "zod";
import { outputId } from "./common";

// Lead routing (Settings → Lead routing; issue 34): what a rule asks of a new lead, and what
// POST /leads/route-preview answers. A rule's conditions are all optional; every condition given
// must hold (AND), and a list condition holds when any of its values does (OR). No condition:
// the rule takes every lead (what the default rule is).

const MAX_VALUES = 50;
const text = z.string().trim().min(1).max(100);

const routingConditionsSchema = z
  .strictObject({
    sources: z
      .array(text)
      .max(MAX_VALUES)
      .optional()
      .meta({ description: "The lead's `source` is one of these (case-insensitive)." }),
    tags: z.array(text).max(MAX_VALUES).optional().meta({ description: "The lead has at least one of these tags." }),
    interests: z
      .array(z.enum(LEAD_INTERESTS))
      .max(LEAD_INTERESTS.length)
      .optional()
      .meta({ description: "The lead's `interest` is one of these." }),
    budgetMin: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().meta({
      description: "The lead's `budget` is at least this (a lead without a budget does not match).",
    }),
    budgetMax: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().meta({
      description: "The lead's `budget` is at most this (a lead without a budget does not match).",
    }),
    customFields: z
      .record(z.string().min(1).max(63), z.union([z.string().max(200), z.number(), z.boolean()]))
      .refine((value) => Object.keys(value).length <= 20, { error: "At most 20 custom field conditions" })
      .optional()
      .meta({
        description:
          "Custom field key → value the lead's field equals (for a multi select: one of its choices is this value).",
      }),
  })
  .refine((c) => c.budgetMin === undefined || c.budgetMax === undefined || c.budgetMin <= c.budgetMax, {
    error: "budgetMin must not be more than budgetMax",
    path: ["budgetMax"],
  });

export type RoutingConditions = z.output<typeof routingConditionsSchema>;

// The lead_routing_rules table's `conditions` column (db/schema/domain-types.ts).
declare module "@/db/schema/domain-types" {
  interface DomainTypes {
    leadRoutingConditions: RoutingConditions;
  }
}

export const routePreviewSchema = z
  .object({
    rule: z
      .object({
        id: outputId("lrr"),
        name: z.string().meta({ example: "Website leads" }),
      })
      .nullable()
      .meta({
        description: "The rule that takes the lead; null when no rule does (the account has none, or none matches).",
      }),
    assignedTo: z.string().nullable().meta({
      description:
        "The user the lead would be assigned to (`user_…`); null when it would stay unassigned. When the body names `assignedTo`, that user: routing does not run.",
      example: "user_01jd0000000000000000000000",
    }),
    reason: z.enum(["assigned_to_given", "agent", "round_robin", "leave_unassigned", "no_rule"]).meta({
      description:
        "`assigned_to_given`: the body names the assignee; `agent`: the rule's one agent; `round_robin`: the agent whose turn it is now (a lead created now would get them unless another lead takes the turn first); `leave_unassigned`: the rule leaves leads unassigned; `no_rule`: no rule matched, or every agent of the matching rules is unavailable.",
    }),
  })
  .meta({ id: "RoutePreview" });

export type RoutePreview = z.output<typeof routePreviewSchema>;

/** Rules an account may have, the default included: evaluated on every lead's creation. */
export const MAX_ROUTING_RULES = 50;
/** Agents a rule may take in turn. */
const MAX_RULE_AGENTS = 30;
/** Re-route after silence: at most a week. */
const MAX_REROUTE_MINUTES = 7 * 24 * 60;

/** A rule as Settings → Lead routing saves it (lib/routing/save-routing-rule.ts). */
export const routingRuleInput = z.strictObject({
  name: z.string().trim().min(1, { error: "Required, 1–100 characters" }).max(100, { error: "At most 100 characters" }),
  conditions: routingConditionsSchema.default({}),
  agentIds: z
    .array(z.string().min(1).max(100))
    .max(MAX_RULE_AGENTS, { error: `At most ${MAX_RULE_AGENTS} agents` })
    .refine((ids) => new Set(ids).size === ids.length, { error: "An agent is listed twice" })
    .default([]),
  rerouteAfterMinutes: z
    .number()
    .int({ error: "Must be a whole number" })
    .min(1, { error: "At least 1 minute" })
    .max(MAX_REROUTE_MINUTES, { error: "At most a week (10,080 minutes)" })
    .nullable()
    .default(null),
});
export type RoutingRuleInput = z.input<typeof routingRuleInput>;
