import { parse } from "csv-parse/sync";
import { DateTime } from "luxon";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { leads, properties } from "@/db/schema";
import { listAuditEntries } from "@/lib/audit/list-audit-entries";
import { requireMember } from "@/lib/auth/get-current-member";
import { createCustomFieldDefinition, deleteCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import { userActor } from "@/lib/activities/user-actor";
import { newId } from "@/lib/ids/new-id";
import { createProperty } from "@/lib/properties/create-property";
import type { Member } from "@/lib/users/get-member";
import { GET as exportLeads } from "@/app/(app)/leads/export/route";
import { GET as exportProperties } from "@/app/(app)/properties/export/route";
import { arrivedFrom } from "../../helpers/arrived-from";
import { agencyWithStaff, leadOf, type Agency } from "../web/web-fixtures";

// The session is the one thing not real here: the export routes ask the pages' guard who is
// signed in. Everything else (the list queries, the definitions, the CSV) runs on the database.
vi.mock("@/lib/auth/get-current-member", () => ({ requireMember: vi.fn() }));

// Leads → Export CSV and Properties → Export CSV: the list's filters, the account's rows only,
// cells a spreadsheet would run escaped, custom fields as columns, streamed a page at a time.

const signedIn = (member: Member) => vi.mocked(requireMember).mockResolvedValue(member);

async function download(route: (request: Request) => Promise<Response>, path: string) {
  const response = await route(new Request(`http://localhost${path}`));
  // ignoreBOM keeps the byte-order mark in the text (Response.text() would drop it) to check it.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
  return { response, text, rows };
}

describe("CSV export of the leads and properties lists", () => {
  let agency: Agency;
  let other: Agency;
  let hot: { id: string };
  let evil: { id: string };

  beforeAll(async () => {
    agency = await agencyWithStaff("Export Realty");
    other = await agencyWithStaff("Other Export Realty");
    const actor = userActor(agency.owner);
    const flat = await createProperty(
      { accountId: agency.accountId, currency: "USD" },
      {
        title: "Loft on 5th",
        type: "apartment",
        listingType: "rent",
        price: 2400,
        bedrooms: 1,
        bathrooms: 1.5,
        areaSqm: 65,
      },
      actor,
    );
    await createProperty(
      { accountId: agency.accountId, currency: "USD" },
      { title: "Family house", type: "house", listingType: "sale", price: 650_000 },
      actor,
    );
    hot = await leadOf(agency, {
      name: "Ada Lovelace",
      email: "ada@example.com",
      status: "qualified",
      interest: "rent",
      budget: 2500,
      propertyId: flat.id,
      assignedTo: agency.staff.userId,
      tags: ["vip", "first-time-buyer"],
      notes: 'Wants a balcony,\nand a "quiet" street',
    });
    await leadOf(agency, { name: "Bob Cold", status: "lost" });
    evil = await leadOf(agency, { name: "=cmd|' /C calc'!A0", notes: "@SUM(A1:A9)", source: "+portal" });
    await leadOf(other, { name: "Ada Lovelace", email: "ada@other.test", status: "qualified" });
  });

  beforeEach(() => {
    vi.mocked(requireMember).mockReset();
  });

  it("streams every field of the account's leads as a dated CSV download, newest first", async () => {
    signedIn(agency.owner);
    const { response, rows } = await download(exportLeads, "/leads/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(rows.map((r) => r.Name)).toEqual(["'=cmd|' /C calc'!A0", "Bob Cold", "Ada Lovelace"]);
    const ada = rows[2];
    expect(ada).toMatchObject({
      "LeadProp ID": hot.id,
      Email: "ada@example.com",
      // E.164 is a + and digits: a number to a spreadsheet, never a formula, so written as it is
      // (issue 35: the guard's ' leaked into integrators' data).
      Phone: "+14155550123",
      Status: "Qualified",
      Interest: "Rent",
      Budget: "2500",
      Property: "Loft on 5th",
      "Assigned to": "Stan Staff",
      "Assigned to ID": agency.staff.userId,
      Tags: "vip, first-time-buyer",
      Notes: 'Wants a balcony,\nand a "quiet" street',
      "SMS opt-out": "No",
      "SMS consent": "unknown",
    });
    expect(ada["Created (UTC)"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("never includes another account's leads, for its owner or its staff", async () => {
    signedIn(other.staff);
    const { rows } = await download(exportLeads, "/leads/export");
    expect(rows.map((r) => r.Email)).toEqual(["ada@other.test"]);
    signedIn(agency.staff);
    const ours = await download(exportLeads, "/leads/export");
    expect(ours.rows).toHaveLength(3);
    expect(ours.text).not.toContain("ada@other.test");
  });

  it("selects what the list's filters select, and ignores a malformed filter as the list does", async () => {
    signedIn(agency.staff);
    expect((await download(exportLeads, "/leads/export?status=qualified")).rows.map((r) => r.Name)).toEqual([
      "Ada Lovelace",
    ]);
    expect((await download(exportLeads, "/leads/export?q=bob")).rows.map((r) => r.Name)).toEqual(["Bob Cold"]);
    expect((await download(exportLeads, "/leads/export?q=ada&status=lost")).rows).toEqual([]);
    expect((await download(exportLeads, "/leads/export?status=nonsense&cursor=x&limit=1")).rows).toHaveLength(3);
    const rent = await download(exportProperties, "/properties/export?listingType=rent");
    expect(rent.rows.map((r) => r.Title)).toEqual(["Loft on 5th"]);
    expect(rent.rows[0]).toMatchObject({
      Type: "Apartment",
      "Listing type": "For rent",
      Price: "2400",
      Bedrooms: "1",
      // A half bath is written as it is (issue 35, part 7).
      Bathrooms: "1.5",
      "Area (m²)": "65",
      "Area (sq ft)": "700",
    });
    expect((await download(exportProperties, "/properties/export?q=family")).rows.map((r) => r.Title)).toEqual([
      "Family house",
    ]);
  });

  it("writes the rows in the list's sort, holding exactly the filtered leads", async () => {
    // An agency of its own, so the other tests' leads (and their updates) leave its order alone.
    // Created, updated and name orders all differ; "alma" in lower case proves the name order is
    // case-insensitive as the list's is; "Abe Zed" lacks the tag, so no sort may bring it in.
    const sorted = await agencyWithStaff("Sorted Export Realty");
    const base = Date.now() - 3_600_000;
    const lead = (name: string, created: number, updated: number, tags = ["open-house"]) => ({
      id: newId("lead"),
      accountId: sorted.accountId,
      name,
      tags,
      createdAt: new Date(base + created * 60_000),
      updatedAt: new Date(base + updated * 60_000),
    });
    await (
      await getDb()
    )
      .insert(leads)
      .values([lead("alma Price", 1, 3), lead("Bruno Ek", 3, 1), lead("Cora Lane", 2, 2), lead("Abe Zed", 4, 4, [])]);
    signedIn(sorted.staff);
    const names = async (query: string) =>
      (await download(exportLeads, `/leads/export?tag=open-house${query}`)).rows.map((r) => r.Name);
    expect(await names("&sort=name")).toEqual(["alma Price", "Bruno Ek", "Cora Lane"]);
    expect(await names("&sort=-name")).toEqual(["Cora Lane", "Bruno Ek", "alma Price"]);
    expect(await names("&sort=-updatedAt")).toEqual(["alma Price", "Cora Lane", "Bruno Ek"]);
    expect(await names("&sort=updatedAt")).toEqual(["Bruno Ek", "Cora Lane", "alma Price"]);
    expect(await names("&sort=createdAt")).toEqual(["alma Price", "Cora Lane", "Bruno Ek"]);
    // No sort, or one the list does not know: newest first, as the list shows it.
    expect(await names("")).toEqual(["Bruno Ek", "Cora Lane", "alma Price"]);
    expect(await names("&sort=-createdAt")).toEqual(["Bruno Ek", "Cora Lane", "alma Price"]);
    expect(await names("&sort=bogus")).toEqual(["Bruno Ek", "Cora Lane", "alma Price"]);
    // Without the filter the same sort brings every lead of the account, in its order.
    expect((await download(exportLeads, "/leads/export?sort=name")).rows.map((r) => r.Name)).toEqual([
      "Abe Zed",
      "alma Price",
      "Bruno Ek",
      "Cora Lane",
    ]);
  });

  it("carries the list's own filters: My leads, tag, source and days in the viewer's zone", async () => {
    const names = async (path: string) => (await download(exportLeads, path)).rows.map((r) => r.Name);
    // "me" is whoever downloads: the same link is each member's own leads.
    signedIn(agency.staff);
    expect(await names("/leads/export?assignedTo=me")).toEqual(["Ada Lovelace"]);
    expect(await names("/leads/export?assignedTo=me&tag=vip")).toEqual(["Ada Lovelace"]);
    expect(await names("/leads/export?assignedTo=me&tag=cash")).toEqual([]);
    expect(await names("/leads/export?source=%2Bportal")).toEqual(["'=cmd|' /C calc'!A0"]);
    signedIn(agency.owner);
    expect(await names("/leads/export?assignedTo=me")).toEqual([]);
    expect(await names("/leads/export?assignedTo=none")).toEqual(["'=cmd|' /C calc'!A0", "Bob Cold"]);
    // Days in the viewer's zone (the account's New York here), both ends included.
    const today = DateTime.now().setZone(agency.owner.timeZone);
    const day = (d: DateTime) => d.toISODate() ?? "";
    expect(await names(`/leads/export?from=${day(today)}&to=${day(today)}`)).toHaveLength(3);
    expect(await names(`/leads/export?to=${day(today.minus({ days: 1 }))}`)).toEqual([]);
    expect(await names(`/leads/export?from=${day(today.plus({ days: 1 }))}`)).toEqual([]);
  });

  it("records each export in the audit log: who, from where, with which filters", async () => {
    signedIn(agency.staff);
    await exportLeads(
      new Request("http://localhost/leads/export?status=lost&q=bob", {
        headers: { ...arrivedFrom("203.0.113.7"), "user-agent": "ExportTest/1.0" },
      }),
    );
    const [entry] = (await listAuditEntries(agency.accountId, { action: "leads.exported", limit: 1 })).data;
    expect(entry).toMatchObject({
      actorType: "user",
      actorId: agency.staff.userId,
      ip: "203.0.113.7",
      userAgent: "ExportTest/1.0",
      changes: { filters: [null, { status: "lost", q: "bob" }] },
    });
    await download(exportProperties, "/properties/export?type=house");
    const [property] = (await listAuditEntries(agency.accountId, { action: "properties.exported", limit: 1 })).data;
    expect(property.changes).toEqual({ filters: [null, { type: "house" }] });
  });

  it("prefixes a ' to cells a spreadsheet would run as formulas", async () => {
    signedIn(agency.owner);
    const { text, rows } = await download(exportLeads, `/leads/export?q=${encodeURIComponent("=cmd")}`);
    expect(rows.map((r) => [r["LeadProp ID"], r.Name, r.Source, r.Notes])).toEqual([
      [evil.id, "'=cmd|' /C calc'!A0", "'+portal", "'@SUM(A1:A9)"],
    ]);
    // No cell starts a formula: a + only before a plain number (a phone).
    expect(text).not.toMatch(/(^|,|")([=@]|\+(?!\d+(,|\r?$)))/m);
  });

  it("adds a column per custom field definition, and drops a deleted definition's values", async () => {
    const { accountId } = agency;
    await createCustomFieldDefinition(accountId, { resource: "lead", key: "move_in", label: "Move-in", type: "date" });
    await createCustomFieldDefinition(accountId, {
      resource: "lead",
      key: "areas",
      label: "Areas",
      type: "multi_select",
      options: ["Downtown", "Harbor"],
    });
    await createCustomFieldDefinition(accountId, { resource: "lead", key: "pets", label: "Pets", type: "boolean" });
    const gone = await createCustomFieldDefinition(accountId, {
      resource: "lead",
      key: "secret",
      label: "Secret",
      type: "text",
    });
    // A label that repeats a lead column: the header names its key too.
    await createCustomFieldDefinition(accountId, { resource: "lead", key: "src", label: "Source", type: "text" });
    await createCustomFieldDefinition(accountId, {
      resource: "property",
      key: "hoa",
      label: "HOA fee",
      type: "number",
    });
    const db = await getDb();
    await db
      .update(leads)
      .set({
        customFields: { move_in: "2027-03-01", areas: ["Downtown", "Harbor"], pets: true, secret: "x", src: "=1+1" },
      })
      .where(eq(leads.id, hot.id));
    await db
      .update(properties)
      .set({ customFields: { hoa: 350 } })
      .where(eq(properties.accountId, accountId));
    await deleteCustomFieldDefinition(accountId, gone.id);

    signedIn(agency.owner);
    const { rows } = await download(exportLeads, `/leads/export?q=ada`);
    expect(Object.keys(rows[0]).slice(-4)).toEqual(["Move-in", "Areas", "Pets", "Source (src)"]);
    expect(rows[0]).toMatchObject({
      "Move-in": "2027-03-01",
      Areas: "Downtown, Harbor",
      Pets: "Yes",
      "Source (src)": "'=1+1",
    });
    expect(Object.keys(rows[0])).not.toContain("Secret");
    const other = await download(exportLeads, "/leads/export?q=bob");
    expect(other.rows[0]).toMatchObject({ "Move-in": "", Areas: "", Pets: "" });
    const props = await download(exportProperties, "/properties/export");
    expect(props.rows.map((r) => r["HOA fee"])).toEqual(["350", "350"]);
  });

  it("honours the list's custom field filter, and refuses one its field cannot hold", async () => {
    const { accountId } = agency;
    await createCustomFieldDefinition(accountId, {
      resource: "lead",
      key: "stage",
      label: "Stage",
      type: "single_select",
      options: ["hot", "cold"],
    });
    await createCustomFieldDefinition(accountId, {
      resource: "property",
      key: "view",
      label: "View",
      type: "boolean",
    });
    const db = await getDb();
    await db
      .update(leads)
      .set({ customFields: { stage: "hot" } })
      .where(eq(leads.id, evil.id));
    await db
      .update(properties)
      .set({ customFields: { view: true } })
      .where(and(eq(properties.accountId, accountId), eq(properties.title, "Loft on 5th")));
    signedIn(agency.staff);
    const hotLeads = await download(exportLeads, "/leads/export?cfKey=stage&cfValue=hot");
    expect(hotLeads.rows.map((r) => [r["LeadProp ID"], r.Stage])).toEqual([[evil.id, "hot"]]);
    const withView = await download(exportProperties, "/properties/export?cfKey=view&cfValue=true");
    expect(withView.rows.map((r) => r.Title)).toEqual(["Loft on 5th"]);
    const refused = await exportLeads(new Request("http://localhost/leads/export?cfKey=stage&cfValue=lukewarm"));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/^This custom field filter cannot be applied: /);
  });

  it("streams a long list a page of 1,000 rows at a time: every lead once, in list order", async () => {
    const busy = await agencyWithStaff("Busy Export Realty");
    const base = Date.now() - 3_600_000;
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      id: newId("lead"),
      accountId: busy.accountId,
      name: `Bulk ${String(i).padStart(4, "0")}`,
      createdAt: new Date(base + i * 1000),
      updatedAt: new Date(base + i * 1000),
    }));
    const db = await getDb();
    for (let i = 0; i < rows.length; i += 500) await db.insert(leads).values(rows.slice(i, i + 500));
    signedIn(busy.staff);
    const response = await exportLeads(new Request("http://localhost/leads/export"));
    const reader = response.body!.getReader();
    const chunks: string[] = [];
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    for (let read = await reader.read(); !read.done; read = await reader.read())
      chunks.push(decoder.decode(read.value));
    // The header, then one chunk per page: 1,000 + 1,000 + 345.
    expect(chunks).toHaveLength(4);
    const parsed = parse(chunks.join("").slice(1), { columns: true }) as Record<string, string>[];
    expect(parsed).toHaveLength(2_345);
    expect(parsed[0].Name).toBe("Bulk 2344");
    expect(parsed.at(-1)!.Name).toBe("Bulk 0000");
    expect(new Set(parsed.map((r) => r["LeadProp ID"])).size).toBe(2_345);
    // The name sort pages through the same keyset (its cursor carries the name): A to Z here.
    const byName = await download(exportLeads, "/leads/export?sort=name");
    expect(byName.rows.map((r) => r.Name)).toEqual(rows.map((r) => r.name));
  });
});
