import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { idempotencyKeys, leads } from "@/db/schema";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { createApiKey } from "@/lib/keys/create-api-key";
import { rollApiKey } from "@/lib/keys/roll-api-key";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { dispatch } from "../../helpers/route-table";
import type { ErrorBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

const leadCount = async (accountId: string) =>
  (await (await getDb()).select({ n: count() }).from(leads).where(eq(leads.accountId, accountId)))[0].n;

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, and creates once", async () => {
    const t = await createTenant();
    const headers = { "idempotency-key": "create-ada-1" };
    const first = await callApi("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "Ada" } });
    const second = await callApi("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "Ada" } });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await leadCount(t.accountId)).toBe(1);
  });

  it("replays the very bytes of the first answer for the same request re-serialized (key order, spacing, escapes)", async () => {
    const t = await createTenant();
    const send = async (rawBody: string) => {
      const response = await dispatch(
        new Request("http://localhost/api/v1/leads", {
          method: "POST",
          headers: {
            authorization: `Bearer ${t.key}`,
            "content-type": "application/json",
            "idempotency-key": "reserialized",
          },
          body: rawBody,
        }),
      );
      return {
        status: response.status,
        replayed: response.headers.get("idempotent-replayed"),
        text: await response.text(),
      };
    };
    const first = await send('{"name":"Ada Lovelace","tags":["vip","cash"],"email":"ada@example.com"}');
    const again = await send(
      '{\n  "email" : "ada@example.com",\n  "tags": ["vip", "cash"],\n  "name": "Ada Lovel\\u0061ce"\n}',
    );
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 201, replayed: "true", text: first.text });
    // The order of a list is part of the request.
    const reordered = await send('{"name":"Ada Lovelace","tags":["cash","vip"],"email":"ada@example.com"}');
    expect(reordered.status).toBe(422);
    expect(await leadCount(t.accountId)).toBe(1);
  });

  it("422 idempotency_key_reused for the same key with another body; keys are per account", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const headers = { "idempotency-key": "shared-key" };
    await callApi("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "Ada" } });
    const reused = await callApi<ErrorBody>("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "Grace" } });
    expect(reused.status).toBe(422);
    expect(reused.body.error.code).toBe("idempotency_key_reused");
    const otherKey = await callApi("POST", "/api/v1/leads", { key: other.key, headers, body: { name: "Grace" } });
    expect(otherKey.status).toBe(201);
  });

  it("concurrent duplicates: exactly one lead; the rest replay or get 409", async () => {
    const t = await createTenant();
    const headers = { "idempotency-key": "burst-1" };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        callApi("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "Burst" } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(results.filter((r) => r.status === 201 && !r.headers.get("idempotent-replayed"))).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.error?.code).toBe("idempotency_in_progress");
    expect(await leadCount(t.accountId)).toBe(1);
  });

  it("rejects an over-long key, and a validation error does not burn the key", async () => {
    const t = await createTenant();
    const long = await callApi("POST", "/api/v1/leads", {
      key: t.key,
      headers: { "idempotency-key": "k".repeat(256) },
      body: { name: "A" },
    });
    expect(long.status).toBe(400);
    const headers = { "idempotency-key": "fix-and-retry" };
    const invalid = await callApi("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "" } });
    expect(invalid.status).toBe(400);
    const fixed = await callApi("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "" } });
    expect(fixed.status).toBe(400);
    const ok = await callApi("POST", "/api/v1/leads", { key: t.key, headers, body: { name: "Fixed" } });
    expect(ok.status).toBe(201);
  });

  // Issue 33, part 6: keys are scoped to the account, as Stripe's are. They were per API key, so a
  // retry sent with a rolled key's new secret (or by another of the account's keys) wrote twice.
  describe("scoped to the account (issue 33, part 6)", () => {
    const otherKeyOf = async (t: TestTenant, permissions: { leads: "write" } | null = null) =>
      (await createApiKey({ accountId: t.accountId, name: `Other ${Math.random()}`, createdBy: t.userId, permissions }))
        .key;
    const roll = async (t: TestTenant) =>
      (
        await rollApiKey({
          keyId: t.keyId,
          accountId: t.accountId,
          overlapMs: 60 * 60_000,
          createdBy: null,
          audit: CLI_AUDIT_ACTOR,
        })
      ).key;
    const create = (key: string, idempotencyKey: string, name = "Ada") =>
      callApi("POST", "/api/v1/leads", { key, headers: { "idempotency-key": idempotencyKey }, body: { name } });

    it("a retry with a rolled key's new secret replays, while the old secret still works", async () => {
      const t = await createTenant();
      const first = await create(t.key, "roll-then-retry");
      const newSecret = await roll(t);
      const retried = await create(newSecret, "roll-then-retry");
      expect(first.status).toBe(201);
      expect(retried.status).toBe(201);
      expect(retried.headers.get("idempotent-replayed")).toBe("true");
      expect(retried.body).toEqual(first.body);
      // The old secret, within its overlap, replays too.
      expect((await create(t.key, "roll-then-retry")).headers.get("idempotent-replayed")).toBe("true");
      expect(await leadCount(t.accountId)).toBe(1);
    });

    it("a retry by another key of the account replays; the row keeps the key that sent the first", async () => {
      const t = await createTenant();
      const first = await create(t.key, "two-keys");
      const retried = await create(await otherKeyOf(t), "two-keys");
      expect(retried.headers.get("idempotent-replayed")).toBe("true");
      expect(retried.body).toEqual(first.body);
      expect(await leadCount(t.accountId)).toBe(1);
      const rows = await (
        await getDb()
      )
        .select({ apiKeyId: idempotencyKeys.apiKeyId })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.accountId, t.accountId));
      expect(rows).toEqual([{ apiKeyId: t.keyId }]);
    });

    it("a key with other permissions is not handed the first answer: 422, and nothing is written twice", async () => {
      const t = await createTenant();
      await create(t.key, "grants-differ");
      const restricted = await callApi<ErrorBody>("POST", "/api/v1/leads", {
        key: await otherKeyOf(t, { leads: "write" }),
        headers: { "idempotency-key": "grants-differ" },
        body: { name: "Ada" },
      });
      expect(restricted.status).toBe(422);
      expect(restricted.body.error.code).toBe("idempotency_key_reused");
      expect(await leadCount(t.accountId)).toBe(1);
    });

    it("another account's same key string never collides, even sent at once", async () => {
      const [a, b] = await Promise.all([createTenant(), createTenant()]);
      const [fromA, fromB] = await Promise.all([create(a.key, "same-string"), create(b.key, "same-string", "Grace")]);
      expect([fromA.status, fromB.status]).toEqual([201, 201]);
      expect(fromA.headers.get("idempotent-replayed")).toBeNull();
      expect(fromB.headers.get("idempotent-replayed")).toBeNull();
      expect([await leadCount(a.accountId), await leadCount(b.accountId)]).toEqual([1, 1]);
    });

    it("parallel duplicates over the account's keys (old secret, new secret, another key): exactly one lead", async () => {
      const t = await createTenant();
      const newSecret = await roll(t);
      const other = await otherKeyOf(t);
      const keys = [t.key, newSecret, other];
      const results = await Promise.all(Array.from({ length: 9 }, (_, i) => create(keys[i % 3], "burst-keys")));
      expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
      expect(results.filter((r) => r.status === 201 && !r.headers.get("idempotent-replayed"))).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 409))
        expect(r.body.error?.code).toBe("idempotency_in_progress");
      // Settled: every key now replays the one lead.
      for (const key of keys) expect((await create(key, "burst-keys")).headers.get("idempotent-replayed")).toBe("true");
      expect(await leadCount(t.accountId)).toBe(1);
    });
  });
});
