import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import * as schema from "@/db/schema";
import type { Db } from "@/db/client";
import { leadListJsonSelect } from "@/lib/leads/list-leads";
import { leadListQuery } from "@/lib/schemas/leads";
import type { BenchContext } from "./context";

// Scenario 3's plans: the very query GET /leads builds for each measured path (lib/leads/
// list-leads.ts), run with EXPLAIN (ANALYZE) on the million rows with the planner's normal
// settings. A sequential scan there would read every lead of the account.

type PlanNode = { "Node Type": string; "Index Name"?: string; "Relation Name"?: string; Plans?: PlanNode[] };

export interface LeadListPlan {
  label: string;
  nodes: string[];
  indexes: string[];
  seqScans: number;
  executionMs: number;
}

const flatten = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(flatten)];

export async function explainLeadLists(
  ctx: BenchContext,
  paths: Array<[label: string, path: string]>,
): Promise<LeadListPlan[]> {
  const db = drizzle(ctx.sql, { schema, casing: "snake_case" }) as unknown as Db;
  const plans: LeadListPlan[] = [];
  for (const [label, path] of paths) {
    const query = leadListQuery.parse(Object.fromEntries(new URL(path, "http://bench").searchParams));
    const { select } = leadListJsonSelect(db, ctx.db.accountId, query);
    const rows = (await db.execute(sql`explain (analyze, format json) ${select.getSQL()}`)) as unknown as Array<{
      "QUERY PLAN": Array<{ Plan: PlanNode; "Execution Time": number }>;
    }>;
    const [{ Plan, "Execution Time": executionMs }] = rows[0]["QUERY PLAN"];
    const nodes = flatten(Plan);
    plans.push({
      label,
      nodes: nodes.map(
        (n) =>
          n["Node Type"] +
          (n["Index Name"] ? ` (${n["Index Name"]})` : n["Relation Name"] ? ` (${n["Relation Name"]})` : ""),
      ),
      indexes: [...new Set(nodes.map((n) => n["Index Name"]).filter((x): x is string => Boolean(x)))],
      seqScans: nodes.filter((n) => n["Node Type"] === "Seq Scan").length,
      executionMs: Math.round(executionMs * 100) / 100,
    });
  }
  return plans;
}
