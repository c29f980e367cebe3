import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody, SomeBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// POST /webhook-endpoints/{id}/replay (issue 32, part 5): the service's rules (which events, the
// claim that makes concurrent replays queue each once) are tested in delivery-log-truth.db.test.ts;
// here, the operation itself: its answer, its refusals, and another account's endpoint.

type Replay = { queued: number; until: string | null };

describe("POST /webhook-endpoints/{id}/replay", () => {
  it("answers 202 with what it queued; refuses a disabled endpoint, a time out of range, another account's id", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const endpoint = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/webhook-endpoints", {
      key: t.key,
      body: { url: "http://127.0.0.1:9/replay", events: ["lead.created"] },
    });
    const id = endpoint.body.data.id;
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const replay = (key: string, since: string) =>
      callApi<DataBody<Replay> & SomeBody>("POST", `/api/v1/webhook-endpoints/${id}/replay`, { key, body: { since } });

    const done = await replay(t.key, hourAgo);
    expect(done.status).toBe(202);
    expect(done.body.data).toEqual({ queued: expect.any(Number), until: null });

    expect((await replay(other.key, hourAgo)).status).toBe(404);
    const old = await replay(t.key, new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString());
    expect(old.status).toBe(400);
    expect(old.body.error).toMatchObject({ code: "validation_error", details: [{ path: "since" }] });
    const future = await replay(t.key, new Date(Date.now() + 60 * 60 * 1000).toISOString());
    expect(future.status).toBe(400);

    await callApi("PATCH", `/api/v1/webhook-endpoints/${id}`, { key: t.key, body: { enabled: false } });
    const disabled = await replay(t.key, hourAgo);
    expect(disabled.status).toBe(409);
    expect(disabled.body.error).toMatchObject({ code: "webhook_endpoint_disabled" });
  });
});
