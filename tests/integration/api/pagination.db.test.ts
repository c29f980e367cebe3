import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { callApi, createTenant, type ApiResponse } from "../../helpers/api";
import type { ErrorBody, Lead, ListBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

async function insertLeads(accountId: string, count: number, sameInstant = false) {
  const base = Date.now() - 3_600_000;
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(sameInstant ? base : base + i * 1000);
    return { id: newId("lead"), accountId, name: `Lead ${String(i).padStart(3, "0")}`, createdAt: at, updatedAt: at };
  });
  await (await getDb()).insert(leads).values(rows);
  return rows;
}

async function walk(key: string, query: string, onPage?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const path = `/api/v1/leads?${query}${cursor ? `&cursor=${cursor}` : ""}`;
    // Annotated: `cursor`, in the path, is assigned from the answer.
    const res: ApiResponse<ListBody<Lead>> = await callApi("GET", path, { key });
    expect(res.status).toBe(200);
    seen.push(...res.body.data.map((l) => l.id));
    await onPage?.(page);
    if (!res.body.meta.hasMore) return seen;
    cursor = res.body.meta.cursor;
  }
  throw new Error("did not finish");
}

describe("cursor pagination", () => {
  it("walks every lead exactly once in each sort order, also with ties on the timestamp", async () => {
    const t = await createTenant();
    const rows = [...(await insertLeads(t.accountId, 45)), ...(await insertLeads(t.accountId, 12, true))];
    for (const sort of ["-createdAt", "createdAt", "-updatedAt", "updatedAt"]) {
      const seen = await walk(t.key, `limit=7&sort=${sort}`);
      expect(seen).toHaveLength(rows.length);
      expect(new Set(seen).size).toBe(rows.length);
    }
  });

  it("returns every item exactly once while new leads are inserted during the walk", async () => {
    const t = await createTenant();
    const rows = await insertLeads(t.accountId, 30);
    const seen = await walk(t.key, "limit=10", async () => {
      await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Inserted meanwhile" } });
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    expect(seen).toHaveLength(30);
  });

  it("meta: default limit 20, cursor null on an empty page", async () => {
    const t = await createTenant();
    const empty = await callApi("GET", "/api/v1/leads", { key: t.key });
    expect(empty.body).toEqual({ data: [], meta: { cursor: null, hasMore: false, limit: 20 } });
    await insertLeads(t.accountId, 21);
    const first = await callApi("GET", "/api/v1/leads", { key: t.key });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toMatchObject({
      hasMore: true,
      limit: 20,
      cursor: expect.stringMatching(/^[A-Za-z0-9_.-]+$/),
    });
  });

  it.each(["0", "101", "2.5", "abc", "-1", ""])("limit=%s is a validation_error", async (limit) => {
    const t = await createTenant();
    const res = await callApi("GET", `/api/v1/leads?limit=${limit}`, { key: t.key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "validation_error",
      details: [{ path: "limit", message: expect.any(String) }],
    });
  });

  it("refuses tampered cursors, and cursors of another sort, filters, list or account", async () => {
    const t = await createTenant();
    await insertLeads(t.accountId, 5);
    const { body } = await callApi<ListBody<Lead>>("GET", "/api/v1/leads?limit=2&status=new", { key: t.key });
    const cursor = body.meta.cursor ?? expect.unreachable("a page with more after it has a cursor");
    // Sealed: nothing of the position can be read out of it, and no character can be changed.
    expect(Buffer.from(cursor.split(".").pop()!, "base64url").toString()).not.toMatch(/lead_|20\d\d-/);
    const flipped = cursor.slice(0, -2) + (cursor.at(-2) === "A" ? "B" : "A") + cursor.at(-1);
    for (const query of [
      `status=new&cursor=${cursor}x`,
      `status=new&cursor=${flipped}`,
      "cursor=%%%",
      `cursor=${cursor}`,
      `status=new&sort=createdAt&cursor=${cursor}`,
      `status=won&cursor=${cursor}`,
    ]) {
      const res = await callApi<ErrorBody>("GET", `/api/v1/leads?limit=2&${query}`, { key: t.key });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe("invalid_cursor");
    }
    // Another list, or another account's key on the same list: refused, not a page that skips.
    const other = await createTenant();
    for (const [path, key] of [
      ["/api/v1/properties", t.key],
      ["/api/v1/visits", t.key],
      ["/api/v1/activities", t.key],
      ["/api/v1/events", t.key],
      ["/api/v1/leads?status=new", other.key],
    ]) {
      const joiner = path.includes("?") ? "&" : "?";
      const res = await callApi<ErrorBody>("GET", `${path}${joiner}cursor=${cursor}`, { key });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code, path).toBe("invalid_cursor");
    }
    const ok = await callApi("GET", `/api/v1/leads?limit=2&status=new&cursor=${cursor}`, { key: t.key });
    expect(ok.status).toBe(200);
  });
});
