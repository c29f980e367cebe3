import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { auditLogEntries } from "@/db/schema";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import {
  deleteRuleAction,
  moveRuleAction,
  saveDefaultRuleAction,
  saveRuleAction,
  setAvailabilityAction,
} from "@/app/(app)/settings/lead-routing/actions";
import { listAgentAvailability } from "@/lib/routing/list-agent-availability";
import { listRoutingRules } from "@/lib/routing/list-routing-rules";
import { agencyWithStaff } from "../web/web-fixtures";

// Settings → Lead routing's forms (owners only), through the one form door (formAction).

function ruleForm(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) data.append(key, one);
  return data;
}

describe("Settings → Lead routing forms", () => {
  it("owners add, edit, reorder and delete rules, save the default and mark agents unavailable; staff and another account's owner cannot", async () => {
    const agency = await agencyWithStaff();
    const other = await agencyWithStaff("Other Realty");
    const { owner, staff } = agency;
    const run = <S>(
      action: { run: (...args: never[]) => Promise<S> },
      who: typeof owner,
      fields: Record<string, string | string[]>,
    ) =>
      (action.run as (m: typeof owner, f: FormData, o: typeof UNKNOWN_CLIENT) => Promise<S>)(
        who,
        ruleForm(fields),
        UNKNOWN_CLIENT,
      );

    const website = {
      name: "Website",
      sources: "website, Landing page",
      tags: "",
      interests: ["buy", "rent"],
      budgetMin: "100,000",
      budgetMax: "",
      customFields: "language = es\npets = true\nbedrooms = 3",
      agentIds: [staff.userId, owner.userId],
      rerouteAfterMinutes: "15",
    };
    expect(await run(saveRuleAction, staff, website)).toMatchObject({ status: "error" });
    expect(await run(saveRuleAction, owner, website)).toMatchObject({ status: "success" });
    expect(
      await run(saveRuleAction, owner, { name: "Luxury", budgetMin: "1000000", agentIds: [owner.userId] }),
    ).toMatchObject({
      status: "success",
    });
    let rules = await listRoutingRules(agency.accountId);
    expect(rules.map((r) => r.name)).toEqual(["Website", "Luxury"]);
    expect(rules[0]).toMatchObject({
      conditions: {
        sources: ["website", "Landing page"],
        interests: ["buy", "rent"],
        budgetMin: 100_000,
        customFields: { language: "es", pets: true, bedrooms: 3 },
      },
      agentIds: [staff.userId, owner.userId],
      rerouteAfterMinutes: 15,
    });

    // Bad input: each field's message, nothing saved.
    const bad = await run(saveRuleAction, owner, {
      name: "",
      budgetMin: "9",
      budgetMax: "1",
      rerouteAfterMinutes: "0",
    });
    expect(bad).toMatchObject({ status: "error" });
    expect(Object.keys((bad as { fieldErrors?: object }).fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["name", "rerouteAfterMinutes"]),
    );
    // Another account's member as agent; another account's rule.
    expect(await run(saveRuleAction, owner, { name: "Theirs", agentIds: [other.staff.userId] })).toMatchObject({
      status: "error",
    });
    expect(await run(deleteRuleAction, other.owner, { ruleId: rules[0].id })).toMatchObject({ status: "error" });
    expect(await run(moveRuleAction, other.owner, { ruleId: rules[0].id, direction: "down" })).toMatchObject({
      status: "error",
    });

    // Edit, move, default.
    expect(
      await run(saveRuleAction, owner, { ...website, ruleId: rules[0].id, name: "Web", rerouteAfterMinutes: "" }),
    ).toMatchObject({
      status: "success",
    });
    expect(await run(moveRuleAction, owner, { ruleId: rules[0].id, direction: "down" })).toMatchObject({
      status: "success",
    });
    expect(
      await run(saveDefaultRuleAction, owner, { name: "Everyone else", sources: "ignored", agentIds: [] }),
    ).toMatchObject({
      status: "success",
    });
    rules = await listRoutingRules(agency.accountId);
    expect(rules.map((r) => [r.name, r.isDefault, r.rerouteAfterMinutes])).toEqual([
      ["Luxury", false, null],
      ["Web", false, null],
      ["Everyone else", true, null],
    ]);
    expect(rules[2].conditions).toEqual({});
    // Saving the default again edits it: still one.
    await run(saveDefaultRuleAction, owner, { name: "The rest", agentIds: [staff.userId] });
    rules = await listRoutingRules(agency.accountId);
    expect(rules.filter((r) => r.isDefault).map((r) => [r.name, r.agentIds])).toEqual([["The rest", [staff.userId]]]);

    // Availability: staff cannot, another account's owner cannot touch this account's member.
    expect(await run(setAvailabilityAction, staff, { userId: staff.userId, available: "false" })).toMatchObject({
      status: "error",
    });
    expect(await run(setAvailabilityAction, other.owner, { userId: staff.userId, available: "false" })).toMatchObject({
      status: "error",
    });
    expect(await run(setAvailabilityAction, owner, { userId: staff.userId, available: "false" })).toMatchObject({
      status: "success",
    });
    expect((await listAgentAvailability(agency.accountId)).find((a) => a.userId === staff.userId)?.available).toBe(
      false,
    );

    expect(await run(deleteRuleAction, owner, { ruleId: rules[0].id })).toMatchObject({ status: "success" });
    expect((await listRoutingRules(agency.accountId)).map((r) => r.name)).toEqual(["Web", "The rest"]);

    // Each change is in the audit log, by the owner, and nothing from the refused attempts.
    const entries = await (
      await getDb()
    )
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.accountId, agency.accountId))
      .orderBy(asc(auditLogEntries.id));
    const routing = entries.filter(
      (e) => e.action.startsWith("routing_rule.") || e.action === "member.availability_changed",
    );
    expect(routing.map((e) => [e.action, e.targetLabel, e.actorId])).toEqual([
      ["routing_rule.created", "Website", owner.userId],
      ["routing_rule.created", "Luxury", owner.userId],
      ["routing_rule.updated", "Web", owner.userId],
      ["routing_rule.moved", "Web", owner.userId],
      ["routing_rule.created", "Everyone else", owner.userId],
      ["routing_rule.updated", "The rest", owner.userId],
      ["member.availability_changed", `${staff.name} <${staff.email}>`, owner.userId],
      ["routing_rule.deleted", "Luxury", owner.userId],
    ]);
    expect(routing[2].changes).toEqual({ name: ["Website", "Web"], rerouteAfterMinutes: [15, null] });
  }, 60_000);
});
