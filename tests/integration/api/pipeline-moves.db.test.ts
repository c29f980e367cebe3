import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, activities, auditLogEntries, events, leads } from "@/db/schema";
import { updatePipelineAction } from "@/app/(app)/settings/pipeline-actions";
import { addNote } from "@/lib/activities/add-note";
import { userActor } from "@/lib/activities/user-actor";
import { updatePipelineSettings } from "@/lib/accounts/update-pipeline-settings";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import { userAuditActor } from "@/lib/audit/audit-actors";
import { updateLead } from "@/lib/leads/update-lead";
import { listUncontactedLeads } from "@/lib/dashboard/list-uncontacted-leads";
import { createTask } from "@/lib/tasks/create-task";
import { updateTask } from "@/lib/tasks/update-task";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";
import { createProperty } from "@/lib/properties/create-property";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, Visit } from "../../helpers/api-bodies";
import { agencyWithStaff, form, leadOf, visitOf, type Agency } from "../web/web-fixtures";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// The pipeline follows the work (lib/leads/pipeline-moves.ts): first contact moves a New lead to
// Contacted, a booked visit moves it to Visit scheduled and gives it the property, each as an
// ordinary status change (activity, event, version) by the system for whoever did the work, in
// the same transaction, once however many writes race, never backwards, and not at all when the
// account has switched the move off.

// Read from the tables: GET /events holds back what is younger than the oldest transaction still
// open, and other test files run transactions in parallel on this database.
async function leadState(leadId: string) {
  const db = await getDb();
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  const moves = await db
    .select()
    .from(activities)
    .where(and(eq(activities.leadId, leadId), eq(activities.actorType, "system")))
    .orderBy(asc(activities.createdAt), asc(activities.id));
  const leadEvents = await db
    .select()
    .from(events)
    .where(and(eq(events.objectId, leadId), eq(events.actorType, "system")))
    .orderBy(asc(events.txid), asc(events.id));
  return { lead, moves, events: leadEvents };
}

async function setSwitches(
  agency: Agency,
  switches: Partial<Record<"autoMoveOnContact" | "autoMoveOnVisit", boolean>>,
) {
  const now = (await (await getDb()).select().from(accounts).where(eq(accounts.id, agency.accountId)))[0];
  await updatePipelineSettings({
    accountId: agency.accountId,
    actorUserId: agency.owner.userId,
    audit: userAuditActor(agency.owner, UNKNOWN_CLIENT),
    settings: {
      autoMoveOnContact: switches.autoMoveOnContact ?? now.autoMoveOnContact,
      autoMoveOnVisit: switches.autoMoveOnVisit ?? now.autoMoveOnVisit,
      offerStatusAfterVisit: now.offerStatusAfterVisit,
    },
  });
}

describe(`pipeline moves on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let a: Agency;
  beforeAll(async () => {
    a = await agencyWithStaff("Pipeline Realty");
  });

  it("a note moves a New lead to Contacted: one status change by the system for the note's author, its event, the version raised", async () => {
    const lead = await leadOf(a);
    const waiting = async () => (await listUncontactedLeads(a.accountId, 100)).leads.map((l) => l.id);
    expect(await waiting()).toContain(lead.id);
    await addNote(a.accountId, lead.id, "Called, left a voicemail", userActor(a.staff));
    // Off the dashboard's "New leads to contact", which reads the status.
    expect(await waiting()).not.toContain(lead.id);
    const { lead: after, moves, events: moved } = await leadState(lead.id);
    expect(after).toMatchObject({ status: "contacted", version: lead.version + 1 });
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      type: "lead_status_changed",
      summary: "Moved to Contacted automatically after Stan Staff's note",
      actorType: "system",
      actorId: null,
      data: {
        changes: { status: ["new", "contacted"] },
        trigger: "note",
        onBehalfOf: { type: "user", id: a.staff.userId, name: "Stan Staff" },
      },
    });
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ type: "lead.status_changed", actorName: "Pipeline, for Stan Staff" });
    expect(moved[0].data).toMatchObject({
      object: { status: "contacted", version: lead.version + 1 },
      previousAttributes: { status: "new", version: lead.version },
    });
  });

  it("two notes at once on a New lead make exactly one move and one event", async () => {
    const lead = await leadOf(a);
    await Promise.all([
      addNote(a.accountId, lead.id, "First", userActor(a.staff)),
      addNote(a.accountId, lead.id, "Second", userActor(a.owner)),
    ]);
    const { lead: after, moves, events: moved } = await leadState(lead.id);
    expect(after.status).toBe("contacted");
    expect(after.version).toBe(lead.version + 1);
    expect(moves.map((m) => m.type)).toEqual(["lead_status_changed"]);
    expect(moved.map((e) => e.type)).toEqual(["lead.status_changed"]);
  });

  it("a text sent through the API moves the lead; the event carries the request's id", async () => {
    const t = await createTenant();
    const created = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Texted", phone: "+14155550199" },
    });
    const leadId = created.body.data.id;
    const sent = await callApi("POST", `/api/v1/leads/${leadId}/sms`, { key: t.key, body: { message: "Hello" } });
    expect(sent.status).toBe(201);
    const { lead: after, moves, events: moved } = await leadState(leadId);
    expect(after.status).toBe("contacted");
    expect(moves[0]).toMatchObject({
      data: { trigger: "text", onBehalfOf: { type: "api_key", id: t.keyId, name: t.keyName } },
    });
    expect(moved[0].requestId).toBe(sent.headers.get("x-request-id"));
  });

  it("a call task marked done moves the lead; a follow-up task does not", async () => {
    const followUp = await leadOf(a);
    const called = await leadOf(a);
    const me = async () => a.staff.userId;
    for (const [lead, type] of [
      [followUp, "follow_up"],
      [called, "call"],
    ] as const) {
      const task = await createTask(
        a.accountId,
        { title: "Reach out", type, leadId: lead.id, assignedTo: "me", dueAt: "2030-01-01T09:00:00.000Z" },
        userActor(a.staff),
        me,
      );
      await updateTask(a.accountId, task.id, { status: "done" }, userActor(a.staff), me);
    }
    expect((await leadState(followUp.id)).lead.status).toBe("new");
    const { lead: after, moves } = await leadState(called.id);
    expect(after.status).toBe("contacted");
    expect(moves[0].summary).toBe("Moved to Contacted automatically after Stan Staff's call");
  });

  it("a visit booked through the API moves the lead to Visit scheduled and sets its property", async () => {
    const t = await createTenant();
    const lead = (
      await callApi<DataBody<{ id: string }>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Visitor" } })
    ).body.data;
    const property = (
      await callApi<DataBody<{ id: string }>>("POST", "/api/v1/properties", {
        key: t.key,
        body: { title: "Loft", type: "apartment", listingType: "rent" },
      })
    ).body.data;
    const booked = await callApi<DataBody<Visit>>("POST", "/api/v1/visits", {
      key: t.key,
      body: { leadId: lead.id, propertyId: property.id, scheduledAt: "2030-12-03T15:30:00Z" },
    });
    expect(booked.status).toBe(201);
    const { lead: after, moves, events: moved } = await leadState(lead.id);
    expect(after).toMatchObject({ status: "visit_scheduled", propertyId: property.id });
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      type: "lead_status_changed",
      summary: `Moved to Visit scheduled automatically after ${t.keyName} booked a visit, with its property`,
      data: { changes: { status: ["new", "visit_scheduled"], propertyId: [null, property.id] }, trigger: "visit" },
    });
    expect(moved.map((e) => e.type)).toEqual(["lead.status_changed"]);
  });

  it("never moves a lead backwards, and keeps the property it has; a lead without one gets it", async () => {
    const lead = await leadOf(a);
    const account = { accountId: a.accountId, defaultCountry: "US" };
    const own = await createProperty(
      { accountId: a.accountId, currency: "USD" },
      { title: "Their own", type: "house", listingType: "sale" },
      userActor(a.staff),
    );
    await updateLead(account, lead.id, { status: "negotiating", propertyId: own.id }, userActor(a.staff));
    await visitOf(a, lead.id);
    await addNote(a.accountId, lead.id, "Still negotiating", userActor(a.staff));
    const kept = await leadState(lead.id);
    expect(kept.lead).toMatchObject({ status: "negotiating", propertyId: own.id });
    expect(kept.moves).toEqual([]);

    const won = await leadOf(a);
    await updateLead(account, won.id, { status: "won" }, userActor(a.staff));
    const { property } = await visitOf(a, won.id);
    const { lead: after, moves, events: moved } = await leadState(won.id);
    expect(after).toMatchObject({ status: "won", propertyId: property.id });
    expect(moves[0]).toMatchObject({
      type: "lead_updated",
      summary: "Property set automatically after Stan Staff booked a visit",
      data: { changes: { propertyId: [null, property.id] } },
    });
    expect(moved.map((e) => e.type)).toEqual(["lead.updated"]);
  });

  it("moves nothing when the account has switched the moves off, and again once on", async () => {
    const b = await agencyWithStaff("Manual Pipeline Realty");
    await setSwitches(b, { autoMoveOnContact: false, autoMoveOnVisit: false });
    const lead = await leadOf(b);
    await addNote(b.accountId, lead.id, "A note", userActor(b.staff));
    await sendSmsToLead(b.accountId, lead.id, "A text", userActor(b.staff));
    await visitOf(b, lead.id);
    const off = await leadState(lead.id);
    expect(off.lead).toMatchObject({ status: "new", propertyId: null });
    expect(off.moves).toEqual([]);
    expect(off.events).toEqual([]);

    await setSwitches(b, { autoMoveOnContact: true });
    await addNote(b.accountId, lead.id, "Another note", userActor(b.staff));
    expect((await leadState(lead.id)).lead).toMatchObject({ status: "contacted", propertyId: null });
  });

  it("Settings → Pipeline: on by default, owners only, each change audited", async () => {
    const b = await agencyWithStaff("Switches Realty");
    const db = await getDb();
    const read = async () =>
      (
        await db
          .select({
            autoMoveOnContact: accounts.autoMoveOnContact,
            autoMoveOnVisit: accounts.autoMoveOnVisit,
            offerStatusAfterVisit: accounts.offerStatusAfterVisit,
          })
          .from(accounts)
          .where(eq(accounts.id, b.accountId))
      )[0];
    expect(await read()).toEqual({ autoMoveOnContact: true, autoMoveOnVisit: true, offerStatusAfterVisit: true });
    // An unticked box posts nothing: off.
    const posted = form({ autoMoveOnContact: "on", offerStatusAfterVisit: "on" });
    expect(await updatePipelineAction.run(b.staff, posted)).toMatchObject({
      status: "error",
      message: "Only account owners can do this.",
    });
    expect(await read()).toMatchObject({ autoMoveOnVisit: true });
    expect(await updatePipelineAction.run(b.owner, posted)).toMatchObject({ status: "success" });
    expect(await read()).toEqual({ autoMoveOnContact: true, autoMoveOnVisit: false, offerStatusAfterVisit: true });
    const audited = await db.select().from(auditLogEntries).where(eq(auditLogEntries.accountId, b.accountId));
    expect(audited.filter((e) => e.action === "account.settings_changed")).toMatchObject([
      { actorId: b.owner.userId, changes: { autoMoveOnVisit: [true, false] } },
    ]);
  });
});
