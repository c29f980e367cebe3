import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events, idempotencyKeys, requestLogs } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { expireOldRecords } from "@/lib/housekeeping/expire-old-records";
import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/keys/create-api-key";
import { agedEvent } from "../helpers/aged-event";

const DAY = 86_400_000;

describe("housekeeping", () => {
  it("expires idempotency records after 24 h and request log entries and events after 30 days, keeping newer ones", async () => {
    const db = await getDb();
    const { accountId, userId } = await createAccount({
      name: "HK",
      email: `hk-${Date.now()}@x.test`,
      password: "pw",
      plan: "agency",
    });
    const key = await createApiKey({ accountId, name: "k", createdBy: userId });
    const idem = (k: string, ageMs: number) => ({
      accountId,
      apiKeyId: key.id,
      key: k,
      method: "POST",
      path: "/api/v1/leads",
      requestHash: "h",
      createdAt: new Date(Date.now() - ageMs),
    });
    await db.insert(idempotencyKeys).values([idem("old", DAY + 60_000), idem("fresh", DAY - 60_000)]);
    const log = (ageMs: number) => ({
      id: newId("requestLog"),
      accountId,
      apiKeyId: key.id,
      requestId: newId("request"),
      method: "GET",
      path: "/api/v1/leads",
      status: 200,
      durationMs: 3,
      createdAt: new Date(Date.now() - ageMs),
    });
    await db.insert(requestLogs).values([log(31 * DAY), log(29 * DAY)]);
    await db.insert(events).values([agedEvent(accountId, 31 * DAY), agedEvent(accountId, 29 * DAY)]);

    await expireOldRecords();

    const keys = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.apiKeyId, key.id));
    expect(keys.map((k) => k.key)).toEqual(["fresh"]);
    const logs = await db.select().from(requestLogs).where(eq(requestLogs.apiKeyId, key.id));
    expect(logs).toHaveLength(1);
    expect(logs[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 30 * DAY);
    const kept = await db.select().from(events).where(eq(events.accountId, accountId));
    expect(kept).toHaveLength(1);
    expect(kept[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 30 * DAY);
  });
});
