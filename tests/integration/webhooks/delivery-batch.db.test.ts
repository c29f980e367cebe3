import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { events, webhookDeliveries } from "@/db/schema";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { attemptDeliveries } from "@/lib/webhooks/attempt-delivery";
import { DELIVERY_BATCH, type DeliveryJob } from "@/lib/webhooks/delivery-job";
import { callApi, createTenant, type TestTenant } from "../../helpers/api";
import { subscribeEndpoint } from "../../helpers/subscribe-endpoint";
import { recordStatements } from "../../helpers/record-statements";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// Issue 32: a worker's batch of deliveries costs one statement to read every job's endpoint and
// event, and one to log every plain success, not two per delivery. No workers run in this file:
// the batch is handed to attemptDeliveries as pg-boss would hand it, against the real database
// and a real receiver.

let receiver: WebhookReceiver;
beforeAll(async () => (receiver = await startWebhookReceiver()));
afterAll(() => receiver.close());

const unique = () => `/${Math.random().toString(36).slice(2)}`;

const subscribe = async (t: TestTenant, path: string) => (await subscribeEndpoint(t, receiver.url(path))).id;

async function leadEvent(t: TestTenant): Promise<string> {
  expect((await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Batched" } })).status).toBe(201);
  const db = await getDb();
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.accountId, t.accountId))
    .orderBy(asc(events.id))
    .limit(1);
  return event.id;
}

const logOf = async (endpointId: string, eventId: string) =>
  (await getDb())
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, eventId)))
    .orderBy(asc(webhookDeliveries.attempt));

describe("a batch of deliveries", () => {
  it("reads its targets in one statement and logs its plain successes in one; each job gets its own outcome", async () => {
    const t = await createTenant();
    const paths = [unique(), unique(), unique()];
    const [a, b, c] = [await subscribe(t, paths[0]), await subscribe(t, paths[1]), await subscribe(t, paths[2])];
    const disabled = await subscribe(t, unique());
    await callApi("PATCH", `/api/v1/webhook-endpoints/${disabled}`, { key: t.key, body: { enabled: false } });
    const eventId = await leadEvent(t);
    const jobs: DeliveryJob[] = [
      { eventId, endpointId: a, attempt: 1 },
      { eventId, endpointId: b, attempt: 1 },
      { eventId, endpointId: c, attempt: 1 },
      { eventId, endpointId: disabled, attempt: 1 },
      { eventId, endpointId: "whep_gone", attempt: 1 },
    ];
    expect(jobs).toHaveLength(DELIVERY_BATCH);

    let results: PromiseSettledResult<void>[] = [];
    const recorded = await recordStatements(async () => (results = await attemptDeliveries(jobs, deliverWebhookQueue)));
    expect(results.map((r) => r.status)).toEqual(Array(5).fill("fulfilled"));
    const reads = recorded.texts.filter((text) => /^select/i.test(text.trim()) && /webhook_endpoints/.test(text));
    const inserts = recorded.texts.filter((text) => /insert into "webhook_deliveries"/.test(text));
    expect(reads).toHaveLength(1);
    // The three successes together; the disabled endpoint's skipped row on its own.
    expect(inserts).toHaveLength(2);
    expect(recorded.transactions).toBe(0);

    expect(
      receiver.received
        .filter((r) => paths.includes(r.path))
        .map((r) => r.path)
        .sort(),
    ).toEqual([...paths].sort());
    for (const endpointId of [a, b, c]) {
      expect(await logOf(endpointId, eventId)).toMatchObject([{ attempt: 1, succeeded: true, httpStatus: 200 }]);
    }
    expect(await logOf(disabled, eventId)).toMatchObject([{ attempt: 1, skippedReason: "endpoint_disabled" }]);

    // Run again (a job pg-boss hands out twice): every attempt is logged already, nothing is sent.
    const before = receiver.received.length;
    await attemptDeliveries(jobs.slice(0, 3), deliverWebhookQueue);
    expect(receiver.received.length).toBe(before);
    for (const endpointId of [a, b, c]) expect(await logOf(endpointId, eventId)).toHaveLength(1);
  });

  it("a log row the database refuses fails its own job only; the batch's other successes are logged", async () => {
    const t = await createTenant();
    const [good, refused] = [await subscribe(t, unique()), await subscribe(t, unique())];
    const eventId = await leadEvent(t);
    const db = await getDb();
    const trigger = `refuse_${refused}`;
    await db.execute(
      sql.raw(`create or replace function ${trigger}() returns trigger language plpgsql as $$
        begin
          if new.endpoint_id = '${refused}' then raise exception 'log refused'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw(
        `create trigger ${trigger} before insert on webhook_deliveries for each row execute function ${trigger}()`,
      ),
    );
    try {
      const results = await attemptDeliveries(
        [
          { eventId, endpointId: good, attempt: 1 },
          { eventId, endpointId: refused, attempt: 1 },
        ],
        deliverWebhookQueue,
      );
      expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
      expect(await logOf(good, eventId)).toMatchObject([{ succeeded: true }]);
      expect(await logOf(refused, eventId)).toEqual([]);
    } finally {
      await db.execute(sql.raw(`drop trigger ${trigger} on webhook_deliveries`));
      await db.execute(sql.raw(`drop function ${trigger}()`));
    }
  });
});
