import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { leadListJsonSelect, listLeads } from "@/lib/leads/list-leads";
import { cursorScope, encodeCursor } from "@/lib/pagination/cursor";
import { leadListQuery } from "@/lib/schemas/leads";
import type { ListSort } from "@/lib/schemas/common";
import { seedBulk } from "@/lib/seed/seed-bulk";

// The queries GET /leads builds (lib/leads/list-leads.ts), explained on the real engine with
// sequential scans priced out (`enable_seqscan = off`): if a plan still reads the table
// sequentially, no index can answer it, and on a million leads it would read them all. The
// q= search must be answered by the trigram indexes (migration 0001), which PGlite loads too.

type PlanNode = { "Node Type": string; "Index Name"?: string; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

let accountId: string;

/** `sort`: one of the web UI's sorts, which the API's query does not take (the name sort). */
async function planOf(input: Record<string, string>, sort?: ListSort): Promise<PlanNode[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const query = leadListQuery.parse(input);
    const { select } = leadListJsonSelect(tx, accountId, sort ? { ...query, sort } : query);
    const result = await tx.execute(sql`explain (format json) ${select.getSQL()}`);
    // postgres-js answers an array of rows, PGlite an object holding them; JSON may be text.
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<
      Record<string, unknown>
    >;
    const raw = rows[0]["QUERY PLAN"];
    const [{ Plan }] = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    return nodes(Plan);
  });
}

const indexesUsed = (plan: PlanNode[]) => plan.map((n) => n["Index Name"]).filter(Boolean);
const seqScans = (plan: PlanNode[]) => plan.filter((n) => n["Node Type"] === "Seq Scan");

describe("GET /leads query plans", () => {
  beforeAll(async () => {
    const db = await getDb();
    const seeded = await seedBulk(db, { email: `plans-${Date.now().toString(36)}@plans.test`, leads: 3_000, keys: 0 });
    accountId = seeded.accountId;
  }, 120_000);

  it.each([
    ["first page", { limit: "100" }],
    ["sort=updatedAt", { limit: "100", sort: "updatedAt" }],
    ["status + updatedAfter", { limit: "100", status: "qualified", updatedAfter: "2026-01-01T00:00:00.000Z" }],
    [
      "updatedAfter, sort=updatedAt (incremental sync)",
      { limit: "100", sort: "updatedAt", updatedAfter: "2026-01-01T00:00:00.000Z" },
    ],
    [
      "source, tag, createdAfter",
      { limit: "100", source: "website", tag: "vip", createdAfter: "2025-01-01T00:00:00.000Z" },
    ],
    ["q (a name)", { limit: "100", q: "Kowalski" }],
  ])("%s: answered by an index, no sequential scan", async (_, input) => {
    const plan = await planOf(input);
    expect(seqScans(plan)).toEqual([]);
    expect(indexesUsed(plan).length).toBeGreaterThan(0);
  });

  it("a deep page (by cursor) starts from the index at its position", async () => {
    const db = await getDb();
    const [row] = await db
      .select({ at: leads.createdAt, id: leads.id })
      .from(leads)
      .where(and(eq(leads.accountId, accountId), isNull(leads.deletedAt)))
      .orderBy(asc(leads.createdAt), asc(leads.id))
      .limit(1)
      .offset(100);
    const cursor = encodeCursor("-createdAt", cursorScope("leads", accountId, {}), { at: row.at, id: row.id });
    const plan = await planOf({ limit: "100", cursor });
    expect(seqScans(plan)).toEqual([]);
    expect(indexesUsed(plan)).toContain("leads_account_created_idx");
  });

  it.each(["name", "-name"] as const)(
    "the web UI's sort=%s reads leads_account_name_idx in order: no sort step",
    async (sort) => {
      // The first page, and a later one (its cursor's bound is compared in the index too).
      const { meta } = await listLeads(accountId, { limit: 100, sort });
      const inputs: Record<string, string>[] = [{ limit: "100" }, { limit: "100", cursor: meta.cursor ?? "" }];
      for (const input of inputs) {
        const plan = await planOf(input, sort);
        expect(seqScans(plan)).toEqual([]);
        expect(indexesUsed(plan)).toContain("leads_account_name_idx");
        expect(plan.map((n) => n["Node Type"])).not.toContain("Sort");
      }
    },
  );

  const textIndexes = ["leads_email_trgm_idx", "leads_name_trgm_idx"];
  const allIndexes = [...textIndexes, "leads_phone_trgm_idx"];
  it.each([
    // A term that cannot be part of an E.164 number leaves the phone out (lib/leads/lead-search.ts).
    ["an email fragment", "kowalski.1234", textIndexes],
    ["text that matches nothing", "qqzx", textIndexes],
    ["phone digits", "5550123", allIndexes],
    ["formatted phone digits", "(555) 0123", allIndexes],
  ])("q with %s is answered by the trigram indexes", async (_, q, expected) => {
    const plan = await planOf({ limit: "100", q });
    expect(seqScans(plan)).toEqual([]);
    expect([...new Set(indexesUsed(plan))].sort()).toEqual(expected);
  });
  it("the trigram indexes keep no pending list (fastupdate off, migration 0002): a search never reads recent inserts unsorted", async () => {
    const db = await getDb();
    const result = await db.execute(
      sql`select c.relname as name, array_to_string(c.reloptions, ',') as options from pg_class c where c.relname like 'leads_%_trgm_idx' order by 1`,
    );
    const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as Array<{
      name: string;
      options: string | null;
    }>;
    expect(rows).toEqual(
      ["leads_email_trgm_idx", "leads_name_trgm_idx", "leads_phone_trgm_idx"].map((name) => ({
        name,
        options: expect.stringMatching(/fastupdate=(false|off)/),
      })),
    );
  });
});
