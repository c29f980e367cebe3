import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events, memberships, tasks, users } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { createApiKey } from "@/lib/keys/create-api-key";
import type { PublicTask } from "@/lib/tasks/public-task";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import type { DataBody, ErrorBody, Lead, LeadWithActivities, ListBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// The tasks API (issue 34): CRUD, the status rules, the filters (`me` included), the events, and
// the refusals: limits, permissions, other accounts' ids, deactivated assignees. Events are read
// from the table: GET /events holds back what is younger than the oldest open transaction, and
// other files run transactions on this database.

let t: TestTenant;
let other: TestTenant;
let lead: Lead;

const post = (body: unknown, key = t.key) => callApi<DataBody<PublicTask>>("POST", "/api/v1/tasks", { key, body });
const patch = (id: string, body: unknown, key = t.key) =>
  callApi<DataBody<PublicTask>>("PATCH", `/api/v1/tasks/${id}`, { key, body });
const list = (query: string, key = t.key) => callApi<ListBody<PublicTask>>("GET", `/api/v1/tasks?${query}`, { key });

async function newTask(body: Record<string, unknown> = {}, tenant = t): Promise<PublicTask> {
  const res = await post(
    { title: "Call back", dueAt: "2030-01-02T10:00:00.000Z", assignedTo: "me", ...body },
    tenant.key,
  );
  expect(res.status).toBe(201);
  return res.body.data;
}

async function taskEvents(taskId: string) {
  const db = await getDb();
  return db
    .select({ type: events.type, data: events.data, actorType: events.actorType })
    .from(events)
    .where(and(eq(events.accountId, t.accountId), eq(events.objectId, taskId)))
    .orderBy(asc(events.txid), asc(events.id));
}

/** A second member of `tenant`'s account, active or deactivated. */
async function addMember(tenant: TestTenant, active: boolean): Promise<string> {
  const db = await getDb();
  const userId = newId("user");
  await db.insert(users).values({ id: userId, email: `${userId}@tasks.test`, name: "Second Agent", passwordHash: "x" });
  await db
    .insert(memberships)
    .values({ id: newId("membership"), accountId: tenant.accountId, userId, role: "staff", active });
  return userId;
}

const errorOf = (res: { body: unknown }) => (res.body as ErrorBody).error;

beforeAll(async () => {
  [t, other] = await Promise.all([createTenant(), createTenant()]);
  lead = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: t.key, body: { name: "Tara Task" } })).body
    .data;
});

describe(`tasks API on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("creates (defaults, me, UTC, Location), reads, and writes task.created", async () => {
    const res = await post({
      title: "  Call back about the loft  ",
      dueAt: "2030-01-02T11:00:00+01:00",
      assignedTo: "me",
      leadId: lead.id,
    });
    expect(res.status).toBe(201);
    const task = res.body.data;
    expect(task).toEqual({
      id: expect.stringMatching(/^task_[0-9a-z]+$/),
      leadId: lead.id,
      assignedTo: t.userId,
      title: "Call back about the loft",
      type: "follow_up",
      dueAt: "2030-01-02T10:00:00.000Z",
      status: "open",
      completedAt: null,
      notes: null,
      createdAt: expect.any(String),
      updatedAt: task.createdAt,
      version: 1,
    });
    expect(res.headers.get("location")).toBe(`/api/v1/tasks/${task.id}`);
    const got = await callApi<DataBody<PublicTask>>("GET", `/api/v1/tasks/${task.id}`, { key: t.key });
    expect(got.status).toBe(200);
    expect(got.headers.get("etag")).toBe('"1"');
    expect(got.body.data).toEqual(task);
    expect(await taskEvents(task.id)).toEqual([{ type: "task.created", actorType: "api_key", data: { object: task } }]);
  });

  it("completes (completedAt, a task_completed activity on the lead, task.completed), keeps it, reopens", async () => {
    const task = await newTask({ leadId: lead.id, type: "call", title: "Ring Tara" });
    const done = await patch(task.id, { status: "done" });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "done", version: 2 });
    const completedAt = done.body.data.completedAt!;
    expect(Math.abs(Date.parse(completedAt) - Date.now())).toBeLessThan(60_000);

    const { body } = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${lead.id}`, { key: t.key });
    // A call done is first contact: the lead's move to Contacted follows it (pipeline-moves.db.test.ts).
    expect(body.data.activities[0]).toMatchObject({ type: "lead_status_changed", data: { trigger: "call" } });
    expect(body.data.activities[1]).toMatchObject({
      type: "task_completed",
      summary: "Task done: Ring Tara",
      data: { taskId: task.id },
      actor: { type: "api_key", id: t.keyId },
    });

    // Done again changes nothing: the first completedAt stays, no event, no second activity.
    const again = await patch(task.id, { status: "done" });
    expect(again.body.data).toEqual(done.body.data);

    const reopened = await patch(task.id, { status: "open", dueAt: "2030-01-03T09:00:00.000Z" });
    expect(reopened.body.data).toMatchObject({
      status: "open",
      completedAt: null,
      dueAt: "2030-01-03T09:00:00.000Z",
      version: 3,
    });
    const after = await callApi<DataBody<LeadWithActivities>>("GET", `/api/v1/leads/${lead.id}`, { key: t.key });
    expect(after.body.data.activities.filter((a) => a.type === "task_completed")).toHaveLength(1);

    const [created, completed, updated, ...rest] = await taskEvents(task.id);
    expect(created.type).toBe("task.created");
    expect(completed).toMatchObject({
      type: "task.completed",
      data: { object: done.body.data, previousAttributes: { status: "open", completedAt: null, version: 1 } },
    });
    expect(updated).toMatchObject({
      type: "task.updated",
      data: {
        object: reopened.body.data,
        previousAttributes: { status: "done", completedAt, dueAt: "2030-01-02T10:00:00.000Z", version: 2 },
      },
    });
    expect(rest).toEqual([]);
  });

  it("a task about no lead completes without an activity; cancelling clears completedAt", async () => {
    const task = await newTask({ type: "other" });
    expect(task.leadId).toBeNull();
    expect((await patch(task.id, { status: "done" })).body.data.completedAt).not.toBeNull();
    const cancelled = await patch(task.id, { status: "cancelled", notes: "Not needed" });
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", completedAt: null, notes: "Not needed" });
    expect((await taskEvents(task.id)).map((e) => e.type)).toEqual(["task.created", "task.completed", "task.updated"]);
  });

  it("deletes for good: task.deleted with the last shape and the next version; then 404", async () => {
    const task = await newTask();
    const res = await callApi("DELETE", `/api/v1/tasks/${task.id}`, { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { id: task.id, deleted: true } });
    expect((await callApi("GET", `/api/v1/tasks/${task.id}`, { key: t.key })).status).toBe(404);
    expect((await callApi("DELETE", `/api/v1/tasks/${task.id}`, { key: t.key })).status).toBe(404);
    const [, deleted] = await taskEvents(task.id);
    expect(deleted).toMatchObject({ type: "task.deleted", data: { object: { ...task, version: 2, deleted: true } } });
  });

  it("honours If-Match on PATCH and DELETE (412 at another version)", async () => {
    const task = await newTask();
    const stale = await callApi("PATCH", `/api/v1/tasks/${task.id}`, {
      key: t.key,
      body: { title: "Stale" },
      headers: { "If-Match": '"7"' },
    });
    expect(stale.status).toBe(412);
    expect(errorOf(stale).code).toBe("precondition_failed");
    const gone = await callApi("DELETE", `/api/v1/tasks/${task.id}`, { key: t.key, headers: { "If-Match": '"1"' } });
    expect(gone.status).toBe(200);
  });

  it("refuses bad bodies with the one envelope, every issue named", async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ dueAt: "2030-01-02T10:00:00Z", assignedTo: "me" }, ["title"]],
      [{ title: " ", dueAt: "2030-01-02T10:00:00Z", assignedTo: "me" }, ["title"]],
      [{ title: "x".repeat(201), dueAt: "2030-01-02T10:00:00Z", assignedTo: "me" }, ["title"]],
      [{ title: "T", dueAt: "tomorrow", assignedTo: "me", type: "meeting" }, ["dueAt", "type"]],
      [{ title: "T", dueAt: "2030-01-02T10:00:00Z" }, ["assignedTo"]],
      [{ title: "T", dueAt: "2030-01-02T10:00:00Z", assignedTo: "me", notes: "n".repeat(5001) }, ["notes"]],
      [{ title: "T", dueAt: "2030-01-02T10:00:00Z", assignedTo: "me", status: "done" }, ["status"]],
      [{ title: "T", dueAt: "2030-01-02T10:00:00Z", assignedTo: "me", accountId: other.accountId }, ["accountId"]],
    ];
    for (const [body, paths] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe("validation_error");
      expect(
        errorOf(res)
          .details!.map((d) => d.path)
          .sort(),
      ).toEqual(paths);
    }
    const task = await newTask();
    const empty = await patch(task.id, {});
    expect(empty.status).toBe(400);
    expect((await patch(task.id, { status: "finished" })).status).toBe(400);
    expect((await list("limit=101")).status).toBe(400);
    expect((await list("dueBefore=yesterday")).status).toBe(400);
    expect((await list("sort=title")).status).toBe(400);
  });

  it("assignedTo: an active member of the account; another account's or a deactivated one is a 400 on assignedTo", async () => {
    const colleague = await addMember(t, true);
    const retired = await addMember(t, false);
    const given = await newTask({ assignedTo: colleague });
    expect(given.assignedTo).toBe(colleague);
    for (const assignedTo of [other.userId, retired, "user_nobody"]) {
      const res = await post({ title: "T", dueAt: "2030-01-02T10:00:00Z", assignedTo });
      expect(res.status, assignedTo).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: "validation_error", details: [{ path: "assignedTo" }] });
      const moved = await patch(given.id, { assignedTo });
      expect(moved.status).toBe(400);
      expect(errorOf(moved).details).toMatchObject([{ path: "assignedTo" }]);
    }
    // Deactivated after the task was given: the task keeps them, and sending them back is no change.
    await (
      await getDb()
    )
      .update(memberships)
      .set({ active: false })
      .where(and(eq(memberships.accountId, t.accountId), eq(memberships.userId, colleague)));
    const kept = await patch(given.id, { assignedTo: colleague, title: "Kept" });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ assignedTo: colleague, title: "Kept" });
    // A key no user created (the CLI's) has no `me`.
    const cliKey = await createApiKey({ accountId: t.accountId, name: "CLI key", createdBy: null });
    const noMe = await post({ title: "T", dueAt: "2030-01-02T10:00:00Z", assignedTo: "me" }, cliKey.key);
    expect(noMe.status).toBe(400);
    expect(errorOf(noMe).details).toMatchObject([{ path: "assignedTo" }]);
    expect((await list("assignedTo=me", cliKey.key)).status).toBe(400);
    expect((await list(`assignedTo=${t.userId}`, cliKey.key)).status).toBe(200);
  });

  it("another account's task is 404 to every verb; another account's lead is 404 naming leadId", async () => {
    const theirs = await newTask({}, other);
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { title: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await callApi(method, `/api/v1/tasks/${theirs.id}`, { key: t.key, body });
      expect(res.status, method).toBe(404);
      expect(errorOf(res).code).toBe("not_found");
    }
    const theirLead = (
      await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: other.key, body: { name: "Not yours" } })
    ).body.data;
    const res = await post({ title: "T", dueAt: "2030-01-02T10:00:00Z", assignedTo: "me", leadId: theirLead.id });
    expect(res.status).toBe(404);
    expect(errorOf(res).details).toMatchObject([{ path: "leadId" }]);
    const mine = await newTask();
    expect((await patch(mine.id, { leadId: theirLead.id })).status).toBe(404);
    // Their task is untouched, and a filter on their lead finds nothing of theirs.
    expect(
      (await callApi<DataBody<PublicTask>>("GET", `/api/v1/tasks/${theirs.id}`, { key: other.key })).body.data,
    ).toEqual(theirs);
    expect((await list(`leadId=${theirLead.id}`)).body.data).toEqual([]);
  });

  it("permissions: tasks:read reads and cannot write; a key without tasks gets 403 naming tasks:read", async () => {
    const task = await newTask();
    const reader = await createApiKey({
      accountId: t.accountId,
      name: "Reader",
      createdBy: t.userId,
      permissions: { tasks: "read" },
    });
    expect((await callApi("GET", `/api/v1/tasks/${task.id}`, { key: reader.key })).status).toBe(200);
    expect((await list("assignedTo=me", reader.key)).status).toBe(200);
    const write = await post({ title: "T", dueAt: "2030-01-02T10:00:00Z", assignedTo: "me" }, reader.key);
    expect(write.status).toBe(403);
    expect(errorOf(write).code).toBe("insufficient_permissions");
    expect(errorOf(write).message).toContain("tasks:write");
    const leadsOnly = await createApiKey({
      accountId: t.accountId,
      name: "Leads only",
      createdBy: t.userId,
      permissions: { leads: "write", events: "read" },
    });
    const read = await list("", leadsOnly.key);
    expect(read.status).toBe(403);
    expect(errorOf(read).message).toContain("tasks:read");
    // Task events carry a task: listing them needs tasks:read too.
    const feed = await callApi("GET", "/api/v1/events?type=task.created", { key: leadsOnly.key });
    expect(feed.status).toBe(403);
  });

  it("a POST retried with its Idempotency-Key makes one task", async () => {
    const body = { title: "Only once", dueAt: "2030-01-05T10:00:00Z", assignedTo: "me" };
    const headers = { "Idempotency-Key": `task-${Date.now()}` };
    const [a, b] = [
      await callApi<DataBody<PublicTask>>("POST", "/api/v1/tasks", { key: t.key, body, headers }),
      await callApi<DataBody<PublicTask>>("POST", "/api/v1/tasks", { key: t.key, body, headers }),
    ];
    expect(a.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body).toEqual(a.body);
    const db = await getDb();
    const rows = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.accountId, t.accountId), eq(tasks.title, "Only once")));
    expect(rows).toHaveLength(1);
  });
});

describe(`GET /tasks filters on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let f: TestTenant;
  let agent: string;
  let fLead: Lead;
  const due = (day: number, hour: number) =>
    `2031-03-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`;

  beforeAll(async () => {
    f = await createTenant();
    agent = await addMember(f, true);
    fLead = (await callApi<DataBody<Lead>>("POST", "/api/v1/leads", { key: f.key, body: { name: "Filter" } })).body
      .data;
    // Mine: days 1..6 at 09:00, created out of due order; the agent's: days 2 and 4; one on the lead.
    for (const day of [4, 1, 6, 3, 5, 2]) await newTask({ title: `mine ${day}`, dueAt: due(day, 9) }, f);
    await newTask({ title: "agent 2", dueAt: due(2, 12), assignedTo: agent }, f);
    await newTask({ title: "agent 4", dueAt: due(4, 12), assignedTo: agent, leadId: fLead.id }, f);
  });

  const titles = async (query: string) => {
    const res = await list(query, f.key);
    expect(res.status, query).toBe(200);
    return res.body.data.map((task) => task.title);
  };

  it("sorts by dueAt by default; assignedTo (an id or me), leadId, status and the due range filter", async () => {
    expect(await titles("")).toEqual([
      "mine 1",
      "mine 2",
      "agent 2",
      "mine 3",
      "mine 4",
      "agent 4",
      "mine 5",
      "mine 6",
    ]);
    expect(await titles(`assignedTo=${agent}`)).toEqual(["agent 2", "agent 4"]);
    expect(await titles(`assignedTo=me&dueAfter=${due(2, 9)}&dueBefore=${due(5, 9)}`)).toEqual([
      "mine 2",
      "mine 3",
      "mine 4",
    ]);
    expect(await titles(`leadId=${fLead.id}`)).toEqual(["agent 4"]);
    expect(await titles("sort=-dueAt&limit=2")).toEqual(["mine 6", "mine 5"]);
    expect(await titles("sort=createdAt&limit=3")).toEqual(["mine 4", "mine 1", "mine 6"]);

    const [first] = (await list(`assignedTo=me&dueBefore=${due(2, 0)}`, f.key)).body.data;
    await patch(first.id, { status: "done" }, f.key);
    expect(await titles(`assignedTo=me&status=open&dueBefore=${due(3, 0)}`)).toEqual(["mine 2"]);
    expect(await titles("status=done")).toEqual(["mine 1"]);
    await patch(first.id, { status: "open" }, f.key);
  });

  it("pages with cursors: every task once in due order; a cursor under other filters is invalid_cursor", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Awaited<ReturnType<typeof list>> = await list(
        `assignedTo=me&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        f.key,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((task) => task.title));
      cursor = res.body.meta.hasMore ? res.body.meta.cursor : null;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(["mine 1", "mine 2", "mine 3", "mine 4", "mine 5", "mine 6"]);

    const page = await list("assignedTo=me&limit=2", f.key);
    const moved = await list(`assignedTo=${agent}&limit=2&cursor=${encodeURIComponent(page.body.meta.cursor!)}`, f.key);
    expect(moved.status).toBe(400);
    expect(errorOf(moved).code).toBe("invalid_cursor");
    // `me` and the user it names are one list, so the cursor carries over.
    const same = await list(
      `assignedTo=${f.userId}&limit=2&cursor=${encodeURIComponent(page.body.meta.cursor!)}`,
      f.key,
    );
    expect(same.body.data.map((task) => task.title)).toEqual(["mine 3", "mine 4"]);
  });
});
