import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { logSkipped } from "@/lib/webhooks/log-skipped";
import { callApi, createTenant } from "../../helpers/api";
import type { DataBody } from "../../helpers/api-bodies";

// A dispatcher batch logs a skipped row for each event and disabled endpoint it meets: up to 500
// events × 50 endpoints. Written as one statement, 8,000 rows passed PostgreSQL's 65,535 bind
// parameters (MAX_PARAMETERS_EXCEEDED) and the dispatcher retried that batch for good, every
// account's webhooks stalled behind it (found by bench scenario 7's fleet run).

describe("logSkipped", () => {
  it("logs thousands of skipped attempts at once, in statements under the parameter limit", async () => {
    const t = await createTenant();
    const endpoint = await callApi<DataBody<{ id: string }>>("POST", "/api/v1/webhook-endpoints", {
      key: t.key,
      body: { url: "http://127.0.0.1:9/disabled", events: ["lead.created"], enabled: false },
    });
    expect(endpoint.status).toBe(201);
    const endpointId = endpoint.body.data.id;
    const attempts = Array.from({ length: 8_000 }, (_, i) => ({
      accountId: t.accountId,
      endpointId,
      eventId: `evt_skipped${i}`,
      eventType: "lead.created",
      attempt: 1,
    }));
    const db = await getDb();
    await logSkipped(db, attempts);
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(count).toBe(8_000);
  }, 60_000);
});
