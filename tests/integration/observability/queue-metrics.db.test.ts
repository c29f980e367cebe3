import { beforeAll, describe, expect, it } from "vitest";
import { GET as metrics } from "@/app/api/metrics/route";
import { getDb } from "@/db/client";
import { enqueue } from "@/lib/jobs/enqueue";
import { QUEUES } from "@/lib/jobs/queues";
import { createQueues } from "@/lib/jobs/start-workers";
import { deliverWebhookQueue } from "@/lib/jobs/workers/deliver-webhook";
import { stopEventDispatcher } from "@/lib/webhooks/dispatch/event-dispatcher";
import { sampleValue } from "../../helpers/prometheus-text";

// The queue gauges of GET /api/metrics, read from pg-boss at scrape time through
// lib/jobs/queue-stats.ts (PostgreSQL, and PGlite as a *.db.test). This process runs no workers.

beforeAll(async () => {
  delete process.env.METRICS_TOKEN;
  await createQueues();
  // Nor a dispatcher: it would fan out events earlier files left on this database between two
  // scrapes, and the waiting count would rise by more than this file's one job.
  await stopEventDispatcher();
});

async function scrape(): Promise<string> {
  const res = await metrics(new Request("http://localhost/api/metrics", { headers: { host: "localhost" } }));
  return res.text();
}

describe("queue gauges", () => {
  it("list every queue with its waiting and active jobs and the age of its oldest due job", async () => {
    const text = await scrape();
    for (const { name } of QUEUES) {
      expect(sampleValue(text, "leadprop_queue_jobs_waiting", { queue: name }), name).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, "leadprop_queue_jobs_active", { queue: name }), name).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, "leadprop_queue_oldest_waiting_seconds", { queue: name }), name).toBeGreaterThanOrEqual(
        0,
      );
    }
  });

  it("a job sent counts as waiting at the next scrape; one due later adds no age", async () => {
    const queue = { queue: deliverWebhookQueue.name };
    const before = await scrape();
    const startAfter = new Date(Date.now() + 60 * 60 * 1000); // not due: no worker anywhere takes it
    await enqueue(
      await getDb(),
      deliverWebhookQueue,
      { eventId: "evt_q", endpointId: "whep_q", attempt: 1 },
      {
        startAfter,
      },
    );
    const after = await scrape();
    expect(sampleValue(after, "leadprop_queue_jobs_waiting", queue)).toBe(
      sampleValue(before, "leadprop_queue_jobs_waiting", queue)! + 1,
    );
    // Due jobs other test files left behind may age meanwhile; this one adds nothing to the age.
    expect(sampleValue(after, "leadprop_queue_oldest_waiting_seconds", queue)).toBeLessThanOrEqual(
      sampleValue(before, "leadprop_queue_oldest_waiting_seconds", queue)! + 5,
    );
  });
});
