import { and, count, eq, inArray, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "@/db/client";
import {
  accounts,
  activities,
  bulkLeadActions,
  events,
  leads,
  memberships,
  smsMessages,
  smsOptOuts,
} from "@/db/schema";
import { startBulkActionAction } from "@/app/(app)/leads/(list)/actions";
import { runBulkLeadAction } from "@/lib/bulk-actions/run-bulk-lead-action";
import { processNextBulkBatch } from "@/lib/bulk-actions/process-bulk-batch";
import { startBulkLeadAction } from "@/lib/bulk-actions/start-bulk-lead-action";
import { getBulkLeadActionOrThrow } from "@/lib/bulk-actions/get-bulk-lead-action";
import { createQueues, startWorkers } from "@/lib/jobs/start-workers";
import { runBulkLeadActionQueue } from "@/lib/jobs/workers/run-bulk-lead-action";
import { sendScheduledSmsQueue } from "@/lib/jobs/workers/send-scheduled-sms";
import { newId } from "@/lib/ids/new-id";
import { inTransaction } from "@/lib/query/after-commit";
import type { LeadConsent } from "@/db/enums";
import { userActor } from "@/lib/activities/user-actor";
import { agencyWithStaff, form, type Agency } from "../web/web-fixtures";
import { waitUntil } from "../jobs/wait-until";

// Bulk actions on the leads list (issue 35, part 4): each one job walking its selection in batches,
// each lead changed as the lead page changes it; texts only where consent and no STOP allow; the
// 10,000 limit and one unfinished action per member refused before any work.

// The queues exist (so a start can enqueue) but no worker takes the jobs until the last test:
// each test runs the job itself, so what it sees does not depend on a poll.
beforeAll(async () => {
  await createQueues([runBulkLeadActionQueue, sendScheduledSmsQueue]);
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await closeDb();
});

const GRANTED: LeadConsent = {
  sms: { status: "granted", at: "2026-01-02T10:00:00.000Z", source: "web form", text: "Text me", ip: null },
};

/** `n` leads written straight to the table (the fixture, not what is under test). */
async function leadsOf(agency: Agency, n: number, fields: Partial<typeof leads.$inferInsert> = {}) {
  const db = await getDb();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId("lead"),
    accountId: agency.accountId,
    name: `Bulk lead ${i}`,
    phone: `+1415555${String(1000 + i).padStart(4, "0")}`,
    ...fields,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(leads).values(rows.slice(i, i + 500));
  return rows.map((row) => row.id);
}

const byIds = async (ids: string[]) => (await getDb()).select().from(leads).where(inArray(leads.id, ids));
const action = (agency: Agency, id: string) => getBulkLeadActionOrThrow(agency.accountId, agency.staff.userId, id);

describe("bulk lead actions", () => {
  it("assigns every lead matching the filters in batches, each an ordinary change, and counts the unchanged", async () => {
    const agency = await agencyWithStaff();
    const tagged = await leadsOf(agency, 230, { tags: ["open-house"] });
    await leadsOf(agency, 3, { tags: ["other"] });
    const db = await getDb();
    await db.update(leads).set({ assignedTo: agency.owner.userId }).where(eq(leads.id, tagged[7]));
    const id = await startBulkLeadAction(
      agency.staff,
      { kind: "assign", assignedTo: agency.owner.userId },
      { kind: "filters", filters: { tag: "open-house" } },
    );
    // Created after the submit: not one of the selection, though it matches.
    const [late] = await leadsOf(agency, 1, { tags: ["open-house"] });
    await runBulkLeadAction(id);

    expect(await action(agency, id)).toMatchObject({
      status: "completed",
      total: 230,
      processedCount: 230,
      changedCount: 229,
      unchangedCount: 1,
      cursor: [...tagged].sort().at(-1),
    });
    const rows = await byIds(tagged);
    expect(rows.every((row) => row.assignedTo === agency.owner.userId)).toBe(true);
    // One change each: the one assigned beforehand was already at 2 and stayed there.
    expect(rows.every((row) => row.version === 2)).toBe(true);
    expect((await byIds([late]))[0].assignedTo).toBeNull();
    // Each changed lead: its lead_updated activity naming the member, its lead.updated event.
    const [acts] = await db
      .select({ n: count() })
      .from(activities)
      .where(
        and(
          inArray(activities.leadId, tagged),
          eq(activities.type, "lead_updated"),
          eq(activities.actorId, agency.staff.userId),
        ),
      );
    expect(acts.n).toBe(229);
    const [evts] = await db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.accountId, agency.accountId), eq(events.type, "lead.updated")));
    expect(evts.n).toBe(229);
  });

  it("changes status, adds and removes a tag on the ids picked; another account's id is not found", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const ids = await leadsOf(agency, 3, { tags: ["a"] });
    const [theirs] = await leadsOf(other, 1);

    await runBulkLeadAction(
      await startBulkLeadAction(agency.staff, { kind: "status", status: "qualified" }, { kind: "ids", ids }),
    );
    await runBulkLeadAction(
      await startBulkLeadAction(agency.staff, { kind: "add_tag", tag: "vip" }, { kind: "ids", ids: ids.slice(0, 2) }),
    );
    const remove = await startBulkLeadAction(agency.staff, { kind: "remove_tag", tag: "a" }, { kind: "ids", ids });
    await runBulkLeadAction(remove);
    const rows = new Map((await byIds(ids)).map((row) => [row.id, row]));
    expect(ids.map((id) => rows.get(id)?.status)).toEqual(["qualified", "qualified", "qualified"]);
    expect(ids.map((id) => rows.get(id)?.tags)).toEqual([["vip"], ["vip"], []]);
    expect(ids.map((id) => rows.get(id)?.version)).toEqual([4, 4, 3]);
    expect(await action(agency, remove)).toMatchObject({ status: "completed", changedCount: 3 });
    const [statusEvents] = await (
      await getDb()
    )
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.accountId, agency.accountId), eq(events.type, "lead.status_changed")));
    expect(statusEvents.n).toBe(3);

    await expect(
      startBulkLeadAction(agency.staff, { kind: "status", status: "lost" }, { kind: "ids", ids: [ids[0], theirs] }),
    ).rejects.toMatchObject({ code: "not_found" });
    // And the other account's member cannot read this one's action.
    await expect(getBulkLeadActionOrThrow(other.accountId, other.staff.userId, remove)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("texts only leads with consent and no STOP, holds quiet hours, and counts each skip by why", async () => {
    const agency = await agencyWithStaff();
    const db = await getDb();
    await db.update(accounts).set({ smsQuietHours: true }).where(eq(accounts.id, agency.accountId));
    // A zone where it is night now, and one where it is the afternoon.
    const zones = ["Pacific/Kiritimati", "Asia/Tokyo", "Europe/London", "America/New_York", "Pacific/Honolulu"];
    const hour = (zone: string) => DateTime.now().setZone(zone).hour;
    const night = zones.find((zone) => hour(zone) < 7 || hour(zone) >= 22)!;
    const day = zones.find((zone) => hour(zone) >= 9 && hour(zone) < 20)!;
    const [now] = await leadsOf(agency, 1, { consent: GRANTED, timezone: day });
    const [later] = await leadsOf(agency, 1, { consent: GRANTED, timezone: night, phone: "+14155559001" });
    const [noPhone] = await leadsOf(agency, 1, { consent: GRANTED, phone: null });
    const [flagged] = await leadsOf(agency, 1, { consent: GRANTED, smsOptOut: true, phone: "+14155559002" });
    const [stopped] = await leadsOf(agency, 1, { consent: GRANTED, phone: "+14155559003" });
    await db
      .insert(smsOptOuts)
      .values({ accountId: agency.accountId, phone: "+14155559003", sender: "shared", keyword: "STOP" });
    const [unknown] = await leadsOf(agency, 1, { phone: "+14155559004" });
    const ids = [now, later, noPhone, flagged, stopped, unknown];

    const state = await startBulkActionAction.run(
      agency.staff,
      form({ kind: "sms", message: "Open house on Saturday, 2–4 pm. Reply STOP to opt out.", scope: "ids" }),
    );
    expect(state).toMatchObject({ status: "error", message: expect.stringMatching(/No leads are selected/) });
    const data = form({ kind: "sms", message: "Open house on Saturday, 2–4 pm.", scope: "ids" });
    for (const id of ids) data.append("leadId", id);
    const started = await startBulkActionAction.run(agency.staff, data);
    expect(started.status).toBe("success");
    await runBulkLeadAction(started.bulkActionId!);

    expect(await action(agency, started.bulkActionId!)).toMatchObject({
      status: "completed",
      processedCount: 6,
      changedCount: 1,
      scheduledCount: 1,
      noPhoneCount: 1,
      optedOutCount: 2,
      noConsentCount: 1,
    });
    const texts = await db.select().from(smsMessages).where(inArray(smsMessages.leadId, ids));
    expect(texts.map((t) => t.leadId).sort()).toEqual([now, later].sort());
    expect(texts.every((t) => t.status === "scheduled")).toBe(true);
    const sendAt = new Map(texts.map((t) => [t.leadId, t.sendAt!.getTime()]));
    expect(sendAt.get(now)!).toBeLessThanOrEqual(Date.now());
    expect(sendAt.get(later)!).toBeGreaterThan(Date.now());
  });

  it("a batch cut off mid-way leaves nothing; the run after it applies each lead once", async () => {
    const agency = await agencyWithStaff();
    const ids = await leadsOf(agency, 150);
    const db = await getDb();
    const id = newId("bulkLeadAction");
    await db.insert(bulkLeadActions).values({
      id,
      accountId: agency.accountId,
      createdBy: agency.staff.userId,
      createdByName: agency.staff.name,
      action: { kind: "add_tag", tag: "crash" },
      selection: { kind: "ids", ids },
      status: "running",
      total: ids.length,
    });
    const actor = userActor(agency.staff);
    // The first batch commits; the second dies after its changes, before its commit (a SIGKILL's effect).
    expect(await inTransaction(db, (tx) => processNextBulkBatch(tx, id, actor))).toBe(true);
    await expect(
      inTransaction(db, async (tx) => {
        await processNextBulkBatch(tx, id, actor);
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    expect(await action(agency, id)).toMatchObject({ processedCount: 100, changedCount: 100 });
    await runBulkLeadAction(id);
    await runBulkLeadAction(id); // a second delivery of the job finds it done
    expect(await action(agency, id)).toMatchObject({ status: "completed", processedCount: 150, changedCount: 150 });
    const rows = await byIds(ids);
    expect(rows.every((row) => row.version === 2 && row.tags.join() === "crash")).toBe(true);
  });

  it("refuses more than 10,000 leads, and a second unfinished action, before any work", async () => {
    const agency = await agencyWithStaff();
    const db = await getDb();
    await db.execute(sql`
      insert into leads (id, account_id, name, tags)
      select 'lead_big' || lpad(i::text, 6, '0'), ${agency.accountId}, 'Big ' || i, '{big}'
      from generate_series(1, 10001) as i`);
    const tooMany = { kind: "status", status: "lost" } as const;
    await expect(
      startBulkLeadAction(agency.staff, tooMany, { kind: "filters", filters: { tag: "big" } }),
    ).rejects.toMatchObject({ code: "validation_error", message: expect.stringMatching(/at most 10,000 leads/) });
    const ids = Array.from({ length: 10_001 }, (_, i) => `lead_big${String(i + 1).padStart(6, "0")}`);
    await expect(startBulkLeadAction(agency.staff, tooMany, { kind: "ids", ids })).rejects.toMatchObject({
      code: "validation_error",
    });
    const [none] = await db
      .select({ n: count() })
      .from(bulkLeadActions)
      .where(eq(bulkLeadActions.accountId, agency.accountId));
    expect(none.n).toBe(0);

    // Five at once by one member: exactly one is taken, the others are refused in words.
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        startBulkLeadAction(agency.staff, { kind: "add_tag", tag: "x" }, { kind: "ids", ids: ids.slice(0, 5) }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === "rejected"))
      expect(r.reason).toMatchObject({ code: "conflict", message: expect.stringMatching(/still running/) });
    // An unfinished action with no progress for half an hour (its job gave up) holds up nothing.
    const open = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<string>).value;
    await db
      .update(bulkLeadActions)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(bulkLeadActions.id, open));
    const next = await startBulkLeadAction(
      agency.staff,
      { kind: "add_tag", tag: "w" },
      { kind: "ids", ids: ids.slice(0, 1) },
    );
    expect(await action(agency, open)).toMatchObject({ status: "failed", error: expect.stringMatching(/no progress/) });
    await runBulkLeadAction(open); // its job, should it run after all, does nothing
    expect((await action(agency, open)).processedCount).toBe(0);
    await runBulkLeadAction(next);
    // Another member of the account is not held up by it.
    const owners = await startBulkLeadAction(
      agency.owner,
      { kind: "add_tag", tag: "y" },
      { kind: "ids", ids: ids.slice(0, 5) },
    );
    await runBulkLeadAction(owners);
    // Finished: the member may start the next.
    await expect(
      startBulkLeadAction(agency.staff, { kind: "add_tag", tag: "z" }, { kind: "ids", ids: ids.slice(0, 1) }),
    ).resolves.toMatch(/^bulk_/);
  });

  it("refuses an assignee who is not an active member, and stops a job whose assignee was deactivated", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const ids = await leadsOf(agency, 2);
    const bad = await startBulkActionAction.run(
      agency.staff,
      (() => {
        const data = form({ kind: "assign", assignedTo: other.owner.userId, scope: "ids" });
        data.append("leadId", ids[0]);
        return data;
      })(),
    );
    expect(bad).toMatchObject({ status: "error", fieldErrors: { assignedTo: "No such user in this account" } });
    const id = await startBulkLeadAction(
      agency.staff,
      { kind: "assign", assignedTo: agency.owner.userId },
      { kind: "ids", ids },
    );
    await (
      await getDb()
    )
      .update(memberships)
      .set({ active: false })
      .where(and(eq(memberships.accountId, agency.accountId), eq(memberships.userId, agency.owner.userId)));
    await runBulkLeadAction(id);
    expect(await action(agency, id)).toMatchObject({
      status: "failed",
      processedCount: 0,
      error: expect.stringMatching(/deactivated|active user/),
    });
  });

  it("runs through pg-boss: the worker takes the job and completes it", async () => {
    vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
    await startWorkers([runBulkLeadActionQueue]);
    const agency = await agencyWithStaff();
    const ids = await leadsOf(agency, 120);
    const id = await startBulkLeadAction(agency.staff, { kind: "status", status: "contacted" }, { kind: "ids", ids });
    const done = await waitUntil("the bulk action to complete", async () => {
      const row = await action(agency, id);
      return row.status === "completed" && row;
    });
    expect(done).toMatchObject({ processedCount: 120, changedCount: 120 });
  }, 60_000);
});
