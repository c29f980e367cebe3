import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events } from "@/db/schema";
import { expireOldRecords } from "@/lib/housekeeping/expire-old-records";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { ErrorBody, Event, ListBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

const DAY = 86_400_000;

/** Three leads created, their events then dated `ageDays` back: the feed's order is unchanged. */
async function createLeads(t: TestTenant, names: string[], ageDays?: number): Promise<void> {
  for (const name of names) {
    const res = await callApi("POST", "/api/v1/leads", { key: t.key, body: { name } });
    expect(res.status).toBe(201);
  }
  if (ageDays === undefined) return;
  await (
    await getDb()
  )
    .update(events)
    .set({ createdAt: new Date(Date.now() - ageDays * DAY) })
    .where(eq(events.accountId, t.accountId));
}

const names = (page: ListBody<Event>) => page.data.map((e) => (e.data.object as { name: string }).name);

const get = (t: TestTenant, qs: string) =>
  callApi<ListBody<Event> & ErrorBody>("GET", `/api/v1/events${qs}`, { key: t.key });

/** The feed shows an event once every older transaction has ended: wait until it shows `count`.
 * Every older transaction of the cluster: in the full suite another file's may be open for
 * seconds (one holds the leads table locked on purpose), hence the long wait. */
async function waitForFeed(t: TestTenant, count: number): Promise<void> {
  await expect
    .poll(async () => (await get(t, "?limit=100")).body.data?.length ?? 0, { timeout: 30_000, interval: 100 })
    .toBe(count);
}

describe("GET /events with a cursor older than what is kept", () => {
  it("answers 410 cursor_expired once the events after it have expired, with a cursor at the oldest event kept", async () => {
    const t = await createTenant();
    await createLeads(t, ["old1", "old2", "old3"], 40);
    await createLeads(t, ["new1", "new2"]);
    await waitForFeed(t, 5);

    const first = await get(t, "?limit=1");
    expect(names(first.body)).toEqual(["old1"]);
    const stale = first.body.meta.cursor!;
    // Nothing has expired yet: the cursor still reads on, without a gap.
    const before = await get(t, `?limit=100&cursor=${encodeURIComponent(stale)}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toHaveLength(4);

    await expireOldRecords();

    const expired = await get(t, `?limit=100&cursor=${encodeURIComponent(stale)}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe("cursor_expired");
    const [detail] = expired.body.error.details ?? [];
    expect(detail.path).toBe("cursor");
    expect(detail.oldestCursor).toEqual(expect.any(String));
    // Re-baselined from the oldest event kept, the feed goes on with everything still there.
    const resumed = await get(t, `?limit=100&cursor=${encodeURIComponent(detail.oldestCursor!)}`);
    expect(resumed.status).toBe(200);
    expect(names(resumed.body)).toEqual(["new1", "new2"]);

    // A cursor inside the 30 days is unaffected.
    const recent = await get(t, `?limit=1&cursor=${encodeURIComponent(detail.oldestCursor!)}`);
    expect(names(recent.body)).toEqual(["new1"]);
    const next = await get(t, `?limit=100&cursor=${encodeURIComponent(recent.body.meta.cursor!)}`);
    expect(next.status).toBe(200);
    expect(names(next.body)).toEqual(["new2"]);
  }, 90_000);
});
