import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { leads, memberships, visits } from "@/db/schema";
import { createApiKey } from "@/lib/keys/create-api-key";
import type { PublicUser } from "@/lib/schemas/users";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, ListBody, Property, Visit } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// The embedded engine's migrations and the routes' modules load in the hook's time, not a test's.
beforeAll(async () => {
  const t = await createTenant();
  expect((await callApi("GET", "/api/v1/users", { key: t.key })).status).toBe(200);
});

// GET /users and GET /users/:id (issue 34), and the rule every door that takes a user id applies
// to it: an active member of the caller's account, else 400 validation_error on the field.

let added = 0;
async function addStaff(t: TestTenant, name: string, timezone?: string): Promise<string> {
  const { userId } = await addUserToAccount({
    accountId: t.accountId,
    email: `staff-${Date.now().toString(36)}-${++added}@users.test`,
    name,
    password: "staff-pass-123",
    role: "staff",
    timezone,
  });
  return userId;
}

/** Deactivated as the team page does it is covered in tests/integration/web/team-members-active.db.test.ts;
 * here only the state matters. */
async function deactivate(t: TestTenant, userId: string): Promise<void> {
  await (
    await getDb()
  )
    .update(memberships)
    .set({ active: false })
    .where(and(eq(memberships.accountId, t.accountId), eq(memberships.userId, userId)));
}

const get = <T>(t: TestTenant, path: string) => callApi<T>("GET", path, { key: t.key });

const VALIDATION = (path: string, message: string) => ({
  code: "validation_error",
  message: `\`${path}\` must be an active user of your account.`,
  details: [{ path, message }],
});

describe("GET /users", () => {
  it("lists the account's members, newest first, in the public shape, never another account's", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const maya = await addStaff(t, "Maya Torres", "Europe/Lisbon");
    const sam = await addStaff(t, "Sam Reed");
    await deactivate(t, sam);

    const res = await get<ListBody<PublicUser>>(t, "/api/v1/users");
    expect(res.status).toBe(200);
    expect(res.body.data.map((u) => u.id)).toEqual([sam, maya, t.userId]);
    expect(res.body.meta).toEqual({ cursor: expect.any(String), hasMore: false, limit: 20 });
    const [samRow, mayaRow, ownerRow] = res.body.data;
    // Exactly these keys, in this order: no password hash, no account id.
    expect(Object.keys(mayaRow)).toEqual(["id", "name", "email", "role", "timeZone", "active", "createdAt"]);
    expect(mayaRow).toMatchObject({ name: "Maya Torres", role: "staff", timeZone: "Europe/Lisbon", active: true });
    expect(mayaRow.email).toMatch(/@users\.test$/);
    // No zone of their own: the account's.
    expect(samRow).toMatchObject({ role: "staff", timeZone: "America/New_York", active: false });
    expect(ownerRow).toMatchObject({ id: t.userId, role: "owner", active: true });
    expect(ownerRow.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const theirs = await get<ListBody<PublicUser>>(other, "/api/v1/users");
    expect(theirs.body.data.map((u) => u.id)).toEqual([other.userId]);
  });

  it("pages with limit and cursor like every list, filters by active, and binds the cursor to them", async () => {
    const t = await createTenant();
    const staff = [];
    for (const name of ["A", "B", "C", "D"]) staff.push(await addStaff(t, name));
    await deactivate(t, staff[1]);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const path: string = `/api/v1/users?limit=2&sort=createdAt${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await get<ListBody<PublicUser>>(t, path);
      expect(res.status).toBe(200);
      expect(res.body.meta.limit).toBe(2);
      seen.push(...res.body.data.map((u) => u.id));
      if (!res.body.meta.hasMore) break;
      cursor = res.body.meta.cursor;
    }
    expect(seen).toEqual([t.userId, ...staff]);

    const active = await get<ListBody<PublicUser>>(t, "/api/v1/users?active=true&limit=1");
    expect(active.body.data.map((u) => u.id)).toEqual([staff[3]]);
    expect(active.body.meta.hasMore).toBe(true);
    const next = await get<ListBody<PublicUser>>(
      t,
      `/api/v1/users?active=true&limit=100&cursor=${active.body.meta.cursor}`,
    );
    expect(next.body.data.map((u) => u.id)).toEqual([staff[2], staff[0], t.userId]);
    const inactive = await get<ListBody<PublicUser>>(t, "/api/v1/users?active=false");
    expect(inactive.body.data.map((u) => u.id)).toEqual([staff[1]]);

    // A cursor made under other filters, or another sort, or tampered with.
    for (const path of [
      `/api/v1/users?active=false&cursor=${active.body.meta.cursor}`,
      `/api/v1/users?active=true&sort=createdAt&cursor=${active.body.meta.cursor}`,
      `/api/v1/users?cursor=x${active.body.meta.cursor}`,
    ]) {
      const refused = await get<ErrorBody>(t, path);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("invalid_cursor");
    }
    // Another account's cursor does not open this account's list either.
    const other = await createTenant();
    const foreign = await get<ErrorBody>(other, `/api/v1/users?active=true&limit=1&cursor=${active.body.meta.cursor}`);
    expect(foreign.body.error.code).toBe("invalid_cursor");

    for (const query of ["limit=0", "limit=101", "limit=2.5", "active=yes", "sort=name", "role=owner"]) {
      const refused = await get<ErrorBody>(t, `/api/v1/users?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.code).toBe("validation_error");
    }
  });
});

describe("GET /users/:id", () => {
  it("answers a member, active or not; another account's user and an unknown id are 404", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const sam = await addStaff(t, "Sam Reed");
    await deactivate(t, sam);

    const res = await get<DataBody<PublicUser>>(t, `/api/v1/users/${sam}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: sam, name: "Sam Reed", role: "staff", active: false });

    for (const id of [other.userId, "user_01aaaaaaaaaaaaaaaaaaaaaaaa", "lead_01aaaaaaaaaaaaaaaaaaaaaaaa"]) {
      const missing = await get<ErrorBody>(t, `/api/v1/users/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error).toMatchObject({ code: "not_found", message: "User not found." });
    }
  });

  it("needs users:read: a key without it is 403 on both, with it both answer", async () => {
    const t = await createTenant();
    const withoutUsers = await createApiKey({
      accountId: t.accountId,
      name: "Leads only",
      createdBy: t.userId,
      permissions: { leads: "write" },
    });
    const usersOnly = await createApiKey({
      accountId: t.accountId,
      name: "Users only",
      createdBy: t.userId,
      permissions: { users: "read" },
    });
    for (const path of ["/api/v1/users", `/api/v1/users/${t.userId}`]) {
      const refused = await callApi<ErrorBody>("GET", path, { key: withoutUsers.key });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({
        code: "insufficient_permissions",
        details: [{ permission: "users:read" }],
      });
      expect((await callApi("GET", path, { key: usersOnly.key })).status).toBe(200);
    }
  });
});

describe("a user id in a body must be an active user of the account", () => {
  async function setting() {
    const t = await createTenant();
    const other = await createTenant();
    const agent = await addStaff(t, "Active Agent");
    const gone = await addStaff(t, "Gone Agent");
    const property = (
      await callApi<DataBody<Property>>("POST", "/api/v1/properties", {
        key: t.key,
        body: { title: "Harbor", type: "house", listingType: "sale" },
      })
    ).body.data;
    // Assigned while still active: deactivating never unassigns.
    const held = (
      await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Held", assignedTo: gone } })
    ).body.data;
    const heldVisit = (
      await callApi<DataBody<Visit>>("POST", "/api/v1/visits", {
        key: t.key,
        body: { leadId: held.id, propertyId: property.id, scheduledAt: "2026-12-20T10:00:00.000Z", agentId: gone },
      })
    ).body.data;
    await deactivate(t, gone);
    return { t, other, agent, gone, property, held, heldVisit };
  }

  it("POST and PATCH /leads, batch and intake: 400 on assignedTo for another account's or a deactivated user", async () => {
    const { t, other, agent, gone, held } = await setting();
    const db = await getDb();
    const leadCount = async () => (await db.select().from(leads).where(eq(leads.accountId, t.accountId))).length;
    const before = await leadCount();
    const refusals = [
      { id: other.userId, message: "No such user in this account" },
      { id: gone, message: "This user is deactivated" },
      { id: "user_01aaaaaaaaaaaaaaaaaaaaaaaa", message: "No such user in this account" },
    ];
    for (const { id, message } of refusals) {
      const created = await callApi<ErrorBody>("POST", "/api/v1/leads", {
        key: t.key,
        body: { name: "Nope", assignedTo: id },
      });
      expect(created.status).toBe(400);
      expect(created.body.error).toMatchObject(VALIDATION("assignedTo", message));

      const patched = await callApi<ErrorBody>("PATCH", `/api/v1/leads/${held.id}`, {
        key: t.key,
        body: { assignedTo: id === gone ? agent : id, notes: "changed" },
      });
      if (id === gone) {
        // Moving the lead to an active agent is fine; moving it back to the deactivated one is not.
        expect(patched.status).toBe(200);
        const back = await callApi<ErrorBody>("PATCH", `/api/v1/leads/${held.id}`, {
          key: t.key,
          body: { assignedTo: gone },
        });
        expect(back.status).toBe(400);
        expect(back.body.error).toMatchObject(VALIDATION("assignedTo", message));
      } else {
        expect(patched.status).toBe(400);
        expect(patched.body.error).toMatchObject(VALIDATION("assignedTo", message));
      }

      const intake = await callApi<ErrorBody>("POST", "/api/v1/leads/intake", {
        key: t.key,
        body: { name: "Inquirer", email: `in-${added++}@x.test`, message: "Hi", assignedTo: id },
      });
      expect(intake.status).toBe(400);
      expect(intake.body.error).toMatchObject(VALIDATION("assignedTo", message));

      const batch = await callApi<DataBody<{ status: number; error?: ErrorBody["error"] }[]>>(
        "POST",
        "/api/v1/leads/batch",
        { key: t.key, body: { items: [{ op: "create", data: { name: "Batch", assignedTo: id } }] } },
      );
      expect(batch.status).toBe(200);
      expect(batch.body.data[0].status).toBe(400);
      expect(batch.body.data[0].error).toMatchObject(VALIDATION("assignedTo", message));
    }
    expect(await leadCount()).toBe(before);
    const lead = (await db.select().from(leads).where(eq(leads.id, held.id)))[0];
    expect(lead.assignedTo).toBe(agent);

    // An active member of the account is taken at every door.
    const ok = await callApi<DataBody<Lead>>("POST", "/api/v1/leads", {
      key: t.key,
      body: { name: "Yes", assignedTo: agent },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.assignedTo).toBe(agent);
  });

  it("a lead keeps its deactivated assignee: an update sending it back unchanged is accepted", async () => {
    const { t, gone, held } = await setting();
    const res = await callApi<DataBody<Lead>>("PATCH", `/api/v1/leads/${held.id}`, {
      key: t.key,
      body: { assignedTo: gone, notes: "Still theirs" },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ assignedTo: gone, notes: "Still theirs" });
  });

  it("visits: 400 on agentId for another account's or a deactivated user; the held agent may stay", async () => {
    const { t, other, gone, held, property, heldVisit } = await setting();
    for (const [id, message] of [
      [other.userId, "No such user in this account"],
      [gone, "This user is deactivated"],
    ]) {
      const created = await callApi<ErrorBody>("POST", "/api/v1/visits", {
        key: t.key,
        body: { leadId: held.id, propertyId: property.id, scheduledAt: "2026-12-21T10:00:00.000Z", agentId: id },
      });
      expect(created.status).toBe(400);
      expect(created.body.error).toMatchObject(VALIDATION("agentId", message));
    }
    const moved = await callApi<ErrorBody>("PATCH", `/api/v1/visits/${heldVisit.id}`, {
      key: t.key,
      body: { agentId: other.userId },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject(VALIDATION("agentId", "No such user in this account"));
    const kept = await callApi<DataBody<Visit>>("PATCH", `/api/v1/visits/${heldVisit.id}`, {
      key: t.key,
      body: { agentId: gone, notes: "Keys at the desk" },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ agentId: gone, notes: "Keys at the desk" });
    const rows = await (await getDb()).select().from(visits).where(eq(visits.leadId, held.id));
    expect(rows).toHaveLength(1);
  });
});
