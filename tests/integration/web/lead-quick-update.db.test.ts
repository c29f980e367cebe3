import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, events } from "@/db/schema";
import { changeLeadOwnerForm, changeLeadStatusForm } from "@/app/(app)/leads/_forms/lead-quick-update-form";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { agencyWithStaff, form, leadOf } from "./web-fixtures";

// The lead page header's in-place status and owner (issue 24): the same change as PATCH
// /leads/:id, with its activity and event in one transaction; another account's lead is not found.
describe(`lead header in-place changes on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  async function written(
    leadId: string,
    activityType: "lead_status_changed" | "lead_updated",
    eventType: "lead.status_changed" | "lead.updated",
  ) {
    const db = await getDb();
    const [rows, eventRows] = await Promise.all([
      db
        .select()
        .from(activities)
        .where(and(eq(activities.leadId, leadId), eq(activities.type, activityType))),
      db
        .select()
        .from(events)
        .where(and(eq(events.objectId, leadId), eq(events.type, eventType))),
    ]);
    return { activities: rows, events: eventRows };
  }

  it("a status picked in the header writes lead_status_changed and lead.status_changed", async () => {
    const a = await agencyWithStaff("Header Homes");
    const lead = await leadOf(a, { name: "Header Lead", status: "negotiating" });

    const state = await changeLeadStatusForm(a.staff, form({ leadId: lead.id, status: "won" }));
    expect(state).toEqual({ status: "success", message: "Status set to Won." });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).status).toBe("won");
    const after = await written(lead.id, "lead_status_changed", "lead.status_changed");
    expect(after.activities).toHaveLength(1);
    expect(after.activities[0]).toMatchObject({
      actorType: "user",
      actorId: a.staff.userId,
      data: { changes: { status: ["negotiating", "won"] } },
    });
    expect(after.events).toHaveLength(1);
    expect(after.events[0].data).toMatchObject({
      object: { status: "won" },
      previousAttributes: { status: "negotiating" },
    });

    // Picking the status it has writes nothing; a status that does not exist is refused.
    await changeLeadStatusForm(a.staff, form({ leadId: lead.id, status: "won" }));
    expect((await written(lead.id, "lead_status_changed", "lead.status_changed")).activities).toHaveLength(1);
    expect(await changeLeadStatusForm(a.staff, form({ leadId: lead.id, status: "archived" }))).toMatchObject({
      status: "error",
    });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).status).toBe("won");
  });

  it("an owner picked in the header writes lead_updated and lead.updated; unassigning clears it", async () => {
    const a = await agencyWithStaff("Owner Homes");
    const lead = await leadOf(a, { name: "Owned Lead" });

    expect(await changeLeadOwnerForm(a.owner, form({ leadId: lead.id, assignedTo: a.staff.userId }))).toMatchObject({
      status: "success",
    });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).assignedTo).toBe(a.staff.userId);
    const after = await written(lead.id, "lead_updated", "lead.updated");
    expect(after.activities).toHaveLength(1);
    expect(after.activities[0]).toMatchObject({
      actorId: a.owner.userId,
      data: { changes: { assignedTo: [null, a.staff.userId] } },
    });
    expect(after.events).toHaveLength(1);
    expect(after.events[0].data).toMatchObject({ object: { assignedTo: a.staff.userId } });

    expect(await changeLeadOwnerForm(a.owner, form({ leadId: lead.id, assignedTo: "" }))).toEqual({
      status: "success",
      message: "Lead unassigned.",
    });
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).assignedTo).toBeNull();

    // A member of another account cannot be made the owner.
    const other = await agencyWithStaff("Elsewhere Homes");
    const refused = await changeLeadOwnerForm(a.owner, form({ leadId: lead.id, assignedTo: other.staff.userId }));
    expect(refused.status).toBe("error");
    expect(refused.message).toBe("No such user in this account");
    expect((await getPublicLeadOrThrow(a.accountId, lead.id)).assignedTo).toBeNull();
  });

  it("another account's lead is not found and does not change", async () => {
    const a = await agencyWithStaff("Mine Homes");
    const lead = await leadOf(a, { name: "Not Yours" });
    const other = await agencyWithStaff("Stranger Homes");

    expect(await changeLeadStatusForm(other.staff, form({ leadId: lead.id, status: "lost" }))).toEqual({
      status: "error",
      message: expect.stringMatching(/not found/i),
    });
    expect(await changeLeadOwnerForm(other.owner, form({ leadId: lead.id, assignedTo: other.staff.userId }))).toEqual({
      status: "error",
      message: expect.stringMatching(/not found/i),
    });
    const unchanged = await getPublicLeadOrThrow(a.accountId, lead.id);
    expect(unchanged).toMatchObject({ status: "new", assignedTo: null });
    expect((await written(lead.id, "lead_status_changed", "lead.status_changed")).activities).toHaveLength(0);
    expect((await written(lead.id, "lead_updated", "lead.updated")).events).toHaveLength(0);
  });
});
