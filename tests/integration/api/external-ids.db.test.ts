import { describe, expect, it } from "vitest";
import { restoreLead } from "@/lib/leads/restore-lead";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, ListBody, Property } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

const house = { type: "house", listingType: "sale" } as const;

describe("externalId", () => {
  it("leads: set on create (trimmed), filtered, changed and cleared by PATCH", async () => {
    const t = await createTenant();
    const created = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Ada", externalId: " crm-1 " },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.externalId).toBe("crm-1");
    await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Other" } });

    const listed = await callApi<ListBody<Lead>>("GET", "/api/v1/leads?externalId=crm-1", { key: t.key });
    expect(listed.body.data.map((l) => l.id)).toEqual([created.body.data.id]);

    const path = `/api/v1/leads/${created.body.data.id}`;
    const changed = await callApi<DataBody<Lead>>("PATCH", path, { key: t.key, body: { externalId: "crm-2" } });
    expect(changed.body.data.externalId).toBe("crm-2");
    const cleared = await callApi<DataBody<Lead>>("PATCH", path, { key: t.key, body: { externalId: null } });
    expect(cleared.body.data.externalId).toBeNull();
    expect((await callApi<ListBody<Lead>>("GET", "/api/v1/leads?externalId=crm-2", { key: t.key })).body.data).toEqual(
      [],
    );

    const tooLong = await callApi<ErrorBody>("PATCH", path, { key: t.key, body: { externalId: "x".repeat(256) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details).toEqual([expect.objectContaining({ path: "externalId" })]);
  });

  it("leads: a taken externalId is 409 external_id_taken naming the holder, on create, update and restore", async () => {
    const t = await createTenant();
    const holder = (
      await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "A", externalId: "dup" } })
    ).body.data;
    const taken = await callApi<ErrorBody>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "B", externalId: "dup" },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({
      code: "external_id_taken",
      details: [{ path: "externalId", message: `Already used by ${holder.id}` }],
    });
    expect(taken.body.error.message).toContain(holder.id);

    const other = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "C" } })).body
      .data;
    const patch = await callApi<ErrorBody>("PATCH", `/api/v1/leads/${other.id}`, {
      key: t.key,
      body: { externalId: "dup" },
    });
    expect(patch.status).toBe(409);
    expect(patch.body.error.message).toContain(holder.id);

    // A deleted lead frees its externalId; restoring it while another lead holds it is a 409.
    expect((await callApi("DELETE", `/api/v1/leads/${holder.id}`, { key: t.key })).status).toBe(200);
    const successor = (
      await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "D", externalId: "dup" } })
    ).body.data;
    await expect(
      restoreLead({ accountId: t.accountId, actorUserId: t.userId, leadId: holder.id }),
    ).rejects.toMatchObject({ code: "external_id_taken", message: expect.stringContaining(successor.id) });
  });

  it("another account's externalId is never a conflict nor a match", async () => {
    const [a, b] = [await createTenant(), await createTenant()];
    const mine = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: a.key,
      body: { name: "A", externalId: "shared" },
    });
    const theirs = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: b.key,
      body: { name: "B", externalId: "shared" },
    });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    const listed = await callApi<ListBody<Lead>>("GET", "/api/v1/leads?externalId=shared", { key: b.key });
    expect(listed.body.data.map((l) => l.id)).toEqual([theirs.body.data.id]);
    const props = await callApi<ListBody<Property>>("GET", "/api/v1/properties?externalId=shared", { key: b.key });
    expect(props.body.data).toEqual([]);
  });

  it("properties: set, filtered, cleared, and 409 on create and update", async () => {
    const t = await createTenant();
    const p1 = await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "One", ...house, externalId: "mls-1" },
    });
    expect(p1.body.data.externalId).toBe("mls-1");
    const p2 = await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "Two", ...house },
    });
    const listed = await callApi<ListBody<Property>>("GET", "/api/v1/properties?externalId=mls-1", { key: t.key });
    expect(listed.body.data.map((p) => p.id)).toEqual([p1.body.data.id]);

    const dupCreate = await callApi<ErrorBody>("POST", "/api/v1/properties", {
      key: t.key,
      body: { title: "Three", ...house, externalId: "mls-1" },
    });
    expect(dupCreate.status).toBe(409);
    expect(dupCreate.body.error.code).toBe("external_id_taken");
    expect(dupCreate.body.error.message).toContain(p1.body.data.id);
    const dupPatch = await callApi<ErrorBody>("PATCH", `/api/v1/properties/${p2.body.data.id}`, {
      key: t.key,
      body: { externalId: "mls-1" },
    });
    expect(dupPatch.status).toBe(409);

    const cleared = await callApi<DataBody<Property>>("PATCH", `/api/v1/properties/${p1.body.data.id}`, {
      key: t.key,
      body: { externalId: null },
    });
    expect(cleared.body.data.externalId).toBeNull();
    const reused = await callApi<DataBody<Property>>("PATCH", `/api/v1/properties/${p2.body.data.id}`, {
      key: t.key,
      body: { externalId: "mls-1" },
    });
    expect(reused.body.data.externalId).toBe("mls-1");
  });
});
