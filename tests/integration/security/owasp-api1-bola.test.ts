import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import { createOperationTargets, OPERATIONS } from "../../helpers/operations";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// OWASP API1:2023 Broken Object Level Authorization. Every route, called with a valid key of
// another account and the victim's ids (in the path, in the body, in filters): 404 or an empty
// list, and the victim's data unchanged.
describe("API1 BOLA: another account's ids", () => {
  it("every operation answers 404 for the victim's ids and changes nothing", async () => {
    const victim = await createTenant();
    const intruder = await createTenant();
    const ids = await createOperationTargets(victim, "Victim");
    const lead = { id: ids.lead };
    const property = { id: ids.property };
    const snapshot = async () =>
      JSON.stringify([
        (await callApi("GET", `/api/v1/leads/${lead.id}`, { key: victim.key })).body,
        (await callApi("GET", `/api/v1/properties/${property.id}`, { key: victim.key })).body,
        // The page without its cursor: a cursor is sealed afresh (a new IV) on every answer.
        (await callApi("GET", "/api/v1/visits", { key: victim.key })).body.data,
        (await callApi("GET", `/api/v1/visits/${ids.visit}`, { key: victim.key })).body,
        (await callApi("GET", `/api/v1/leads/${lead.id}/sms/${ids.sms}`, { key: victim.key })).body,
      ]);
    const before = await snapshot();
    for (const op of OPERATIONS) {
      const path = op.path(ids);
      const namesTheirs = [lead.id, property.id, ids.visit].some((id) => path.includes(id));
      if (!namesTheirs && !op.body) continue;
      const res = await callApi(op.method, path, { key: intruder.key, body: op.body?.(ids) });
      // POST /visits names the victim's lead and property in its body.
      if (namesTheirs || path === "/api/v1/visits") {
        expect(res.status, `${op.method} ${path}`).toBe(404);
        expect(res.body.error?.code).toBe("not_found");
        expect(JSON.stringify(res.body)).not.toContain("Victim");
      }
    }
    // Lead bodies that point at the victim's property or user.
    expect(
      (await callApi("POST", "/api/v1/leads", { key: intruder.key, body: { name: "x", propertyId: property.id } }))
        .status,
    ).toBe(404);
    // A user id is the one exception issue 34 names: another account's user, like a deactivated
    // one, is not assignable, a 400 on the field (and says nothing of the victim either).
    const assigned = await callApi("POST", "/api/v1/leads", {
      key: intruder.key,
      body: { name: "x", assignedTo: victim.userId },
    });
    expect(assigned.status).toBe(400);
    expect(assigned.body.error).toMatchObject({ code: "validation_error", details: [{ path: "assignedTo" }] });
    expect(JSON.stringify(assigned.body)).not.toContain("Victim");
    // Filters with the victim's ids see nothing.
    for (const path of [
      `/api/v1/visits?leadId=${lead.id}`,
      `/api/v1/visits?propertyId=${property.id}`,
      `/api/v1/activities?leadId=${lead.id}`,
      `/api/v1/leads?assignedTo=${victim.userId}`,
    ]) {
      const res = await callApi("GET", path, { key: intruder.key });
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toEqual([]);
    }
    expect(await snapshot()).toBe(before);
  });
});
