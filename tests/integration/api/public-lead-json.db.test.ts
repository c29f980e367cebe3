import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { listLeads } from "@/lib/leads/list-leads";
import { publicLeadJson, toPublicLead } from "@/lib/leads/public-lead";
import { leadListQuery } from "@/lib/schemas/leads";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, Lead, ListBody } from "../../helpers/api-bodies";
import { openSecret } from "@/lib/crypto/secret-box";

// GET /leads takes its rows serialized by PostgreSQL (lib/leads/public-lead-json.ts); the web UI
// and every other read use toPublicLead. The two must agree to the byte, on awkward values too.
describe("a lead serialized by PostgreSQL", () => {
  it("is exactly JSON.stringify(toPublicLead(row)), whatever the values", async () => {
    const { accountId } = await createTenant();
    const db = await getDb();
    const awkward = [
      { name: "Plain" },
      {
        name: 'Quote " backslash \\ slash / tab \t newline \n bell \u0007 del \u007f',
        notes: "line 1\r\nline 2\u0000".replace("\u0000", "\u001f"),
      },
      {
        name: "Zoë Ångström 山田 😀",
        email: "zoe@example.com",
        phone: "+442079460958",
        source: "portal:zillow",
        interest: "buy" as const,
      },
      {
        name: "Max budget",
        budget: Number.MAX_SAFE_INTEGER,
        tags: ["a", 'b "quoted"', "ü"],
        smsOptOut: true,
        status: "won" as const,
      },
      { name: "Zero", budget: 0, tags: [], notes: "" },
      // A time whose milliseconds are 0, and one before 2000: toISOString pads both.
      { name: "Old", createdAt: new Date("1999-01-02T03:04:05.000Z"), updatedAt: new Date("2001-12-31T23:59:59.007Z") },
    ];
    for (const values of awkward) {
      const id = newId("lead");
      await db.insert(leads).values({ id, accountId, ...values });
      const [row] = await db.select().from(leads).where(eq(leads.id, id));
      const [{ json }] = await db.select({ json: publicLeadJson }).from(leads).where(eq(leads.id, id));
      expect(json).toBe(JSON.stringify(toPublicLead(row)));
    }
  });

  it("POST /leads answers the stored lead as toPublicLead makes it, from the same statement that inserts it", async () => {
    const t = await createTenant();
    const db = await getDb();
    const inputs = [
      { name: "Plain" },
      {
        name: 'Zoë "quoted" \\ 山田 😀',
        email: "Zoe@Example.com",
        phone: "(415) 555-0123",
        source: "portal:zillow",
        interest: "buy",
        budget: Number.MAX_SAFE_INTEGER,
        tags: ["a", "a", "ü"],
        notes: "line 1\r\nline 2",
        smsOptOut: true,
        status: "won",
      },
    ];
    for (const input of inputs) {
      const res = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: input });
      expect(res.status).toBe(201);
      const [row] = await db.select().from(leads).where(eq(leads.id, res.body.data.id));
      expect(res.body).toEqual({ data: JSON.parse(JSON.stringify(toPublicLead(row))) });
      expect(res.headers.get("location")).toBe(`/api/v1/leads/${row.id}`);
    }
  });

  it("GET /leads answers the web UI's page, cursor and all, on every sort and with filters", async () => {
    const t = await createTenant();
    const db = await getDb();
    const base = Date.parse("2026-01-01T00:00:00.000Z");
    await db.insert(leads).values(
      Array.from({ length: 7 }, (_, i) => ({
        id: newId("lead"),
        accountId: t.accountId,
        name: `Lead ${i}`,
        status: i % 2 ? ("qualified" as const) : ("new" as const),
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + (7 - i) * 1000),
      })),
    );
    const cases: Array<Record<string, string>> = [
      { limit: "3" },
      { limit: "3", sort: "createdAt" },
      { limit: "2", sort: "-updatedAt" },
      { limit: "2", sort: "updatedAt", status: "qualified" },
      { limit: "100" },
    ];
    for (const params of cases) {
      let query: Record<string, string> = params;
      for (let pages = 0; pages < 10; pages++) {
        const res = await callApi("GET", `/api/v1/leads?${new URLSearchParams(query)}`, { key: t.key });
        expect(res.status).toBe(200);
        const expected = await listLeads(t.accountId, leadListQuery.parse(query));
        // Cursors are sealed with a fresh IV each time: equal when they open to the same position.
        const { cursor, ...meta } = (res.body as ListBody<Lead>).meta;
        const { cursor: expectedCursor, ...expectedMeta } = expected.meta;
        expect({ ...(res.body as ListBody<Lead>), meta }).toEqual(
          JSON.parse(JSON.stringify({ ...expected, meta: expectedMeta })),
        );
        expect(cursor === null ? null : openSecret(cursor)).toBe(
          expectedCursor === null ? null : openSecret(expectedCursor),
        );
        if (!expected.meta.hasMore) break;
        query = { ...params, cursor: expected.meta.cursor! };
      }
    }
  });
});
