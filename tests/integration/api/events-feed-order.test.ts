import { describe, expect, it } from "vitest";
import { and, asc, eq, gt, or } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { recordEvent } from "@/lib/events/record-event";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, Event, Lead, ListBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// PostgreSQL only: two transactions open at once need two connections (PGlite has one).

const SYSTEM = { type: "system" as const, id: null, name: "feed test" };

// Polls slowly enough to stay well under the key's 100 requests a minute: another test file's
// transaction on this server may hold the feed's horizon for a while.
const pause = () => new Promise((resolve) => setTimeout(resolve, 150));

/** A gate a transaction waits at, opened from outside. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function page(t: TestTenant, cursor: string | null) {
  const qs = cursor ? `?cursor=${cursor}` : "";
  const res = await callApi<ListBody<Event>>("GET", `/api/v1/events${qs}`, { key: t.key });
  expect(res.status).toBe(200);
  return res.body;
}

describe("the event feed under concurrent commits", () => {
  it("shows an event that commits after a later one, once, to a consumer polling with its cursor", async () => {
    const t = await createTenant();
    const db = await getDb();
    // Two leads whose lead.created events the consumer has already read.
    const leadNamed = async (name: string) =>
      (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name } })).body.data;
    const leads = { a: await leadNamed("A"), b: await leadNamed("B") };
    let cursor: string | null = null;
    for (let seen = 0; seen < 2; await pause()) {
      const first = await page(t, cursor);
      seen += first.data.length;
      cursor = first.meta.cursor;
    }
    const updated = (lead: Lead) => ({ type: "lead.updated" as const, object: lead, previousAttributes: {} });

    // A writes its event first (earlier createdAt and id), B second; B commits, then A.
    const aWrote = gate();
    const aMayCommit = gate();
    const a = db.transaction(async (tx) => {
      await recordEvent(tx, t.accountId, SYSTEM, updated(leads.a));
      aWrote.open();
      await aMayCommit.opened;
    });
    await aWrote.opened;
    await db.transaction(async (tx) => {
      await recordEvent(tx, t.accountId, SYSTEM, updated(leads.b));
    });

    // B has committed, A has not. A keyset on (createdAt, id) would hand out B now, and its
    // cursor would then skip A, which sorts before B:
    const ofType = and(eq(events.accountId, t.accountId), eq(events.type, "lead.updated"));
    const committed = await db.select().from(events).where(ofType);
    expect(committed.map((e) => e.objectId)).toEqual([leads.b.id]);

    // The feed holds B back while A, an older transaction, may still commit.
    const whileOpen = await page(t, cursor);
    expect(whileOpen.data).toEqual([]);
    cursor = whileOpen.meta.cursor;

    aMayCommit.open();
    await a;
    const rows = await db.select().from(events).where(ofType).orderBy(asc(events.createdAt), asc(events.id));
    expect(rows.map((e) => e.objectId)).toEqual([leads.a.id, leads.b.id]); // A is older by time and id
    const [rowA, rowB] = rows;
    const afterB = await db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          ofType,
          or(gt(events.createdAt, rowB.createdAt), and(eq(events.createdAt, rowB.createdAt), gt(events.id, rowB.id))),
        ),
      );
    expect(afterB).toEqual([]); // …so a (createdAt, id) cursor taken at B never returns A.
    expect(rowA.createdAt <= rowB.createdAt).toBe(true);

    // Once both have ended, the consumer gets both, each once, polling from where it was.
    const seen: string[] = [];
    const deadline = Date.now() + 10_000;
    while (seen.length < 2 && Date.now() < deadline) {
      const next = await page(t, cursor);
      seen.push(...next.data.map((e) => e.data.object.id));
      cursor = next.meta.cursor;
      await pause();
    }
    expect(seen).toEqual([leads.a.id, leads.b.id]);
    expect((await page(t, cursor)).data).toEqual([]);
  });
});
