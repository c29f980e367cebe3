import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { countLeads, LEAD_COUNT_CAP, listLeads, type LeadWebFilters } from "@/lib/leads/list-leads";
import { leadExportQuery } from "@/lib/exports/list-export-filters";
import type { ListSort, Sort } from "@/lib/schemas/common";
import { readLeadListParams } from "@/lib/leads/lead-list-params";
import { agencyWithStaff, leadOf, type Agency } from "./web-fixtures";

// The leads page's list (issue 24): the count of what the filters select, "My leads", the
// source, assignee, tag and day filters (days in the viewer's zone), the sorts' keyset paging,
// and the account's scope, on the database. The page reads its URL with readLeadListParams and
// hands the result to listLeads and countLeads; the export reads the same URL the same way.

const at = (iso: string) => new Date(iso);

async function setTimes(id: string, createdAt: string, updatedAt = createdAt) {
  await (
    await getDb()
  )
    .update(leads)
    .set({ createdAt: at(createdAt), updatedAt: at(updatedAt) })
    .where(eq(leads.id, id));
}

/** Every lead the filters select, page by page (`limit` a page), as ids in the list's order. */
async function allPages(agency: Agency, filters: LeadWebFilters, sort: ListSort, limit = 2) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const page = await listLeads(agency.accountId, { ...filters, limit, sort, cursor });
    ids.push(...page.data.map((l) => l.id));
    if (!page.meta.hasMore) return ids;
    cursor = page.meta.cursor ?? undefined;
  }
  throw new Error("paging did not end");
}

describe("the leads list's filters, count and sorts", () => {
  let agency: Agency;
  let other: Agency;
  // New York (EST, UTC-5): 2026-01-10 04:30 UTC is still January 9 there; 05:30 UTC is January 10.
  const lateJan9 = "2026-01-10T04:30:00.000Z";
  const earlyJan10 = "2026-01-10T05:30:00.000Z";
  let ids: Record<"a" | "b" | "c" | "d" | "e", string>;
  const params = (query: Record<string, string>) => readLeadListParams(query, agency.owner);
  const count = (query: Record<string, string>) => countLeads(agency.accountId, params(query).filters);
  const listed = async (query: Record<string, string>) =>
    (await allPages(agency, params(query).filters, params(query).sort, 100)).sort();

  beforeAll(async () => {
    agency = await agencyWithStaff("List Realty");
    other = await agencyWithStaff("Other List Realty");
    const ownerId = agency.owner.userId;
    const staffId = agency.staff.userId;
    const a = await leadOf(agency, { name: "Ann Able", source: "website", tags: ["vip"], assignedTo: ownerId });
    const b = await leadOf(agency, { name: "Bob Baker", source: "zillow", tags: ["vip", "cash"], assignedTo: staffId });
    const c = await leadOf(agency, { name: "Cy Cole", source: "website", assignedTo: ownerId, status: "won" });
    const d = await leadOf(agency, { name: "Di Dunn", source: "referral" });
    const e = await leadOf(agency, { name: "Ed Eve", source: "website", tags: ["cash"], assignedTo: staffId });
    ids = { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id };
    // Created in this order; b and c at the same instant (the id breaks the tie); updated in
    // another order, so the two sorts differ.
    await setTimes(a.id, "2026-01-01T12:00:00.000Z", "2026-01-20T12:00:00.000Z");
    await setTimes(b.id, lateJan9, "2026-01-11T12:00:00.000Z");
    await setTimes(c.id, lateJan9, "2026-01-25T12:00:00.000Z");
    await setTimes(d.id, earlyJan10, "2026-01-12T12:00:00.000Z");
    await setTimes(e.id, "2026-01-15T12:00:00.000Z", "2026-01-15T12:00:00.000Z");
    // Another account's leads match every filter and must never be counted or listed.
    await leadOf(other, { name: "Ann Other", source: "website", tags: ["vip"], assignedTo: other.owner.userId });
  });

  it("counts the leads the filters select, with the list's own conditions", async () => {
    expect(await count({})).toEqual({ count: 5, capped: false });
    expect(await count({ source: "website" })).toEqual({ count: 3, capped: false });
    expect(await count({ source: "website", status: "won" })).toEqual({ count: 1, capped: false });
    expect(await count({ q: "nobody" })).toEqual({ count: 0, capped: false });
    // The count is always the length of the whole filtered list.
    for (const query of <Record<string, string>[]>[{}, { source: "website" }, { tag: "cash" }, { assignedTo: "me" }])
      expect((await listed(query)).length).toBe((await count(query)).count);
  });

  it("'My leads' is the signed-in member's leads, whoever opens the same link", async () => {
    expect(await listed({ assignedTo: "me" })).toEqual([ids.a, ids.c].sort());
    const staffView = readLeadListParams({ assignedTo: "me" }, agency.staff);
    expect((await allPages(agency, staffView.filters, staffView.sort, 100)).sort()).toEqual([ids.b, ids.e].sort());
    expect(await listed({ assignedTo: agency.staff.userId })).toEqual([ids.b, ids.e].sort());
    // "Nobody": the leads no one has taken yet.
    expect(await listed({ assignedTo: "none" })).toEqual([ids.d]);
    expect(await count({ assignedTo: "none", source: "referral" })).toEqual({ count: 1, capped: false });
  });

  it("filters by source (exact), tag and assignee, each with the others", async () => {
    expect(await listed({ source: "website" })).toEqual([ids.a, ids.c, ids.e].sort());
    expect(await listed({ source: "web" })).toEqual([]);
    expect(await listed({ tag: "vip" })).toEqual([ids.a, ids.b].sort());
    expect(await listed({ tag: "cash", assignedTo: "me" })).toEqual([]);
    expect(await listed({ tag: "cash", source: "website" })).toEqual([ids.e]);
  });

  it("reads from/to as whole days in the viewer's zone, both included", async () => {
    // In New York b and c were created on January 9, d on January 10 (all three on January 10 in UTC).
    expect(agency.owner.timeZone).toBe("America/New_York");
    expect(await listed({ from: "2026-01-10", to: "2026-01-10" })).toEqual([ids.d]);
    expect(await listed({ to: "2026-01-09" })).toEqual([ids.a, ids.b, ids.c].sort());
    expect(await listed({ from: "2026-01-09" })).toEqual([ids.b, ids.c, ids.d, ids.e].sort());
    // A viewer in UTC sees the same leads on other days.
    const utc = readLeadListParams({ from: "2026-01-10", to: "2026-01-10" }, { ...agency.owner, timeZone: "UTC" });
    expect((await allPages(agency, utc.filters, utc.sort, 100)).sort()).toEqual([ids.b, ids.c, ids.d].sort());
    // A day that does not exist is ignored, as every malformed value is.
    expect(params({ from: "2026-02-30", to: "tomorrow" }).filtered).toBe(false);
  });

  it("pages every sort without gaps or repeats, ties broken by id", async () => {
    const expected: Record<Sort, string[]> = {
      "-createdAt": [ids.e, ids.d, ...[ids.b, ids.c].sort().reverse(), ids.a],
      createdAt: [ids.a, ...[ids.b, ids.c].sort(), ids.d, ids.e],
      "-updatedAt": [ids.c, ids.a, ids.e, ids.d, ids.b],
      updatedAt: [ids.b, ids.d, ids.e, ids.a, ids.c],
    };
    for (const sort of Object.keys(expected) as Sort[]) {
      for (const limit of [1, 2, 3]) expect(await allPages(agency, {}, sort, limit)).toEqual(expected[sort]);
    }
    // A filtered sort pages too, and a cursor of other filters is refused.
    expect(await allPages(agency, { source: "website" }, "updatedAt", 1)).toEqual([ids.e, ids.a, ids.c]);
    const first = await listLeads(agency.accountId, { source: "website", limit: 1, sort: "updatedAt" });
    await expect(
      listLeads(agency.accountId, { tag: "vip", limit: 1, sort: "updatedAt", cursor: first.meta.cursor ?? undefined }),
    ).rejects.toMatchObject({ code: "invalid_cursor" });
    // A day filter is part of the cursor's scope.
    const january = params({ from: "2026-01-01" }).filters;
    const page1 = await listLeads(agency.accountId, { ...january, limit: 1, sort: "-createdAt" });
    await expect(
      listLeads(agency.accountId, {
        ...params({ from: "2026-01-02" }).filters,
        limit: 1,
        sort: "-createdAt",
        cursor: page1.meta.cursor ?? undefined,
      }),
    ).rejects.toMatchObject({ code: "invalid_cursor" });
  });

  it("never counts or lists another account's leads", async () => {
    expect(await countLeads(other.accountId, {})).toEqual({ count: 1, capped: false });
    const foreign = readLeadListParams({ assignedTo: agency.owner.userId }, other.owner);
    expect(await countLeads(other.accountId, foreign.filters)).toEqual({ count: 0, capped: false });
    expect((await listLeads(other.accountId, { ...foreign.filters, limit: 25, sort: "-createdAt" })).data).toEqual([]);
  });

  it("stops counting at the cap: '10,000+'", async () => {
    const big = await agencyWithStaff("Big List Realty");
    await (
      await getDb()
    ).execute(sql`
      insert into leads (id, account_id, name, source)
      select 'lead_cap_' || g || '_' || ${big.accountId}, ${big.accountId}, 'Lead ' || g, 'portal'
      from generate_series(1, ${LEAD_COUNT_CAP + 5}) as g`);
    expect(await countLeads(big.accountId, {})).toEqual({ count: LEAD_COUNT_CAP, capped: true });
    expect(await countLeads(big.accountId, { source: "nowhere" })).toEqual({ count: 0, capped: false });
  });

  it("the export reads the list's URL as the page does", () => {
    const url = new URLSearchParams({
      assignedTo: "me",
      tag: "vip",
      source: "website",
      from: "2026-01-10",
      sort: "updatedAt",
    });
    const { filters, sort } = leadExportQuery(url, agency.owner);
    expect(filters).toEqual(params(Object.fromEntries(url)).filters);
    expect(sort).toBe("updatedAt");
    expect(filters).toMatchObject({
      assignedTo: agency.owner.userId,
      createdFrom: at(earlyJan10.replace("05:30", "05:00")),
    });
  });
});
