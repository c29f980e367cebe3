import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { listLeads, type LeadWebFilters } from "@/lib/leads/list-leads";
import { CURSOR_SHAPE } from "@/lib/pagination/cursor-shape";
import type { ListSort } from "@/lib/schemas/common";
import { readLeadListParams } from "@/lib/leads/lead-list-params";
import { agencyWithStaff, leadOf, type Agency } from "./web-fixtures";

// The leads list sorted by name (issue 24): case-insensitive, A→Z and Z→A, keyset-paged on
// (the name's key, id) (lib/pagination/keyset.ts). Whatever order the engine's collation gives
// names ("Ann Lee" and "Anna" differ between C and en_US), paging must give exactly that order:
// every lead once, none skipped, ties (names alike but for case) broken by id, both directions.

/** Every lead, page by page, as ids in the list's order; and each page's cursor. */
async function allPages(agency: Agency, sort: ListSort, limit: number, filters: LeadWebFilters = {}) {
  const ids: string[] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listLeads(agency.accountId, { ...filters, limit, sort, cursor });
    ids.push(...page.data.map((l) => l.id));
    if (!page.meta.hasMore) return { ids, cursors };
    cursor = page.meta.cursor ?? undefined;
    if (cursor) cursors.push(cursor);
  }
  throw new Error("paging did not end");
}

describe("the leads list sorted by name", () => {
  let agency: Agency;
  /** The account's live leads in the database's own name order (one query, no paging). */
  let byName: { id: string; name: string }[];
  const longA = "𝒜".repeat(150) + "a".repeat(50);
  const longB = "𝒜".repeat(150) + "b".repeat(50);
  const names = ["alice", "Bob", "ALICE", "Anna", "Ann Lee", "bob", "Alice", "Émile", "zed", "Zoë", "Cy", longB, longA];

  beforeAll(async () => {
    agency = await agencyWithStaff("Name Sort Realty");
    const other = await agencyWithStaff("Other Name Sort Realty");
    for (const name of names) await leadOf(agency, { name });
    // Deleted leads and another account's leads are in no page.
    const gone = await leadOf(agency, { name: "Aaron Gone" });
    await (await getDb()).update(leads).set({ deletedAt: new Date() }).where(eq(leads.id, gone.id));
    await leadOf(other, { name: "Aaron Other" });
    byName = await (
      await getDb()
    )
      .select({ id: leads.id, name: leads.name })
      .from(leads)
      .where(and(eq(leads.accountId, agency.accountId), isNull(leads.deletedAt)))
      .orderBy(sql`lower(${leads.name})`, leads.id);
  });

  it("is case-insensitive, names alike but for case ordered by id", () => {
    expect(byName).toHaveLength(names.length);
    const lower = byName.map((l) => l.name.toLowerCase());
    const alices = byName.filter((l) => l.name.toLowerCase() === "alice");
    expect(alices).toHaveLength(3);
    // The three Alices stand together, in id order; the Bobs likewise, after them.
    const firstAlice = lower.indexOf("alice");
    expect(byName.slice(firstAlice, firstAlice + 3).map((l) => l.id)).toEqual(alices.map((l) => l.id).sort());
    expect(lower.indexOf("bob")).toBeGreaterThan(firstAlice + 2);
    expect(lower.lastIndexOf("bob") - lower.indexOf("bob")).toBe(1);
    expect(lower.indexOf("zed")).toBeLessThan(lower.indexOf("zoë"));
  });

  it("pages A→Z and Z→A with no gaps, no repeats and ties by id, at every page size", async () => {
    // The list's key is the name's first 64 characters: longA and longB tie on it, so they
    // follow the id, not their 151st character.
    const key = (name: string) => [...name.toLowerCase()].slice(0, 64).join("");
    const ascending = [...byName]
      .map((l, i) => ({ ...l, i }))
      .sort((x, y) => (key(x.name) === key(y.name) ? (x.id < y.id ? -1 : 1) : x.i - y.i))
      .map((l) => l.id);
    expect(new Set(ascending).size).toBe(names.length);
    for (const limit of [1, 2, 3, 5, 25]) {
      expect((await allPages(agency, "name", limit)).ids).toEqual(ascending);
      expect((await allPages(agency, "-name", limit)).ids).toEqual([...ascending].reverse());
    }
  });

  it("keeps every cursor a page link can carry, even after 200 characters of a 4-byte script", async () => {
    const { cursors } = await allPages(agency, "-name", 1);
    expect(cursors.length).toBe(names.length - 1);
    for (const cursor of cursors) expect(cursor).toMatch(CURSOR_SHAPE);
  });

  it("binds a cursor to its sort: a name cursor is refused by another sort", async () => {
    const first = await listLeads(agency.accountId, { limit: 2, sort: "name" });
    const cursor = first.meta.cursor ?? undefined;
    for (const sort of ["-name", "createdAt"] as const)
      await expect(listLeads(agency.accountId, { limit: 2, sort, cursor })).rejects.toMatchObject({
        code: "invalid_cursor",
      });
  });

  it("pages a filtered list by name too", async () => {
    const filters = readLeadListParams({ q: "ali", sort: "name" }, agency.owner).filters;
    const alices = byName.filter((l) => l.name.toLowerCase() === "alice").map((l) => l.id);
    expect((await allPages(agency, "name", 1, filters)).ids).toEqual([...alices].sort());
  });

  it("reads the sort from the URL, and keeps it in the page's links", () => {
    for (const sort of ["name", "-name"] as const) {
      const params = readLeadListParams({ sort }, agency.owner);
      expect(params.sort).toBe(sort);
      expect(params.url.sort).toBe(sort);
      expect(params.filtered).toBe(false);
    }
    expect(readLeadListParams({ sort: "title" }, agency.owner).sort).toBe("-createdAt");
  });
});
