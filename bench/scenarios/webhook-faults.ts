import { setTimeout as sleep } from "node:timers/promises";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/log";
import { nowMs, sendBurst, sendPaced } from "../lib/paced-requests";
import type { Server } from "../lib/processes";
import { percentile, round } from "../lib/stats";
import { startWebhookReceiver } from "../lib/webhook-receiver";
import {
  createEndpoint,
  deleteEndpoint,
  dropQueued,
  leadUpdates,
  phase,
  removeBenchEndpoints,
  type LagFigures,
} from "./webhooks";

// Scenario 7 under two faults (issue 32), on the scenario's app server (workers in-process):
// - **A receiver that never answers.** Three healthy endpoints, then a fourth whose receiver
//   accepts the connection and the body and never answers (bench/lib/webhook-receiver.ts,
//   `/hang/`), so each of its deliveries holds a worker's batch until the delivery timeout
//   (WEBHOOK_TIMEOUT_MS, 10 s in production), then is retried. The same paced lead updates with
//   and without it, back to back; the healthy endpoints' lag p99 with it ÷ without it (≤ 2).
// - **A 10 s open transaction.** A connection of the bench's own runs BEGIN; SELECT txid_current()
//   and stays idle in its transaction for HOLD_S, then commits. Every change committed meanwhile
//   is above the feed's horizon (pg_snapshot_xmin) until then, so neither the feed nor the
//   dispatcher passes it. Lead updates are paced at the scenario's rate for those HOLD_S; their
//   lag p99 ÷ HOLD_S (≤ 1.2: once the transaction ends they go out at once, the first written
//   having waited the whole HOLD_S). Also reported: COMMIT → the last delivery.
// Lag as in scenario 7 (bench/scenarios/webhooks.ts, phase): the receiver's arrival minus the
// change's 2xx at the client, each change matched by its X-Request-Id.

/** The report's `extra` entry (bench/lib/targets.ts reads it). */
export const WEBHOOK_FAULTS_EXTRA =
  "7 faults: a receiver that never answers; a 10 s open transaction (in-process workers)";
const HEALTHY = 3;
const HOLD_S = 10;

export interface WebhookFaultsExtra {
  /** Lead updates a second in each phase. */
  perSecond: number;
  deadReceiver: {
    without: LagFigures;
    with: LagFigures;
    /** The healthy endpoints' lag p99 with the dead one ÷ without it. */
    p99Ratio: number;
    /** Attempts that reached the dead receiver during the phase. */
    deadAttempts: number;
  };
  openTransaction: {
    holdS: number;
    figures: LagFigures;
    /** lag p99 ÷ HOLD_S. */
    p99Ratio: number;
    /** COMMIT → each delivery of the changes made during the transaction, ms. */
    afterCommit: { p50: number; max: number };
  };
  problems: string[];
}

export async function webhookFaultsScenario(ctx: BenchContext, app: Server): Promise<WebhookFaultsExtra> {
  const { options } = ctx;
  const perSecond = options.webhookRate;
  const changes = options.quick ? 1_000 : 3_000;
  const problems: string[] = [];
  await removeBenchEndpoints(ctx);
  await dropQueued(ctx);
  const receiver = await startWebhookReceiver();
  const ids: string[] = [];
  try {
    const paths = Array.from({ length: HEALTHY }, (_, i) => `/fault/${i + 1}`);
    for (const path of paths) ids.push(await createEndpoint(ctx, app, `${receiver.url}${path}`));
    const update = leadUpdates(ctx);
    const paced = (count: number) => () => sendPaced({ url: app.url, count, perSecond, request: update });
    await phase(ctx, receiver, "faults warm-up", problems, () =>
      sendBurst({ url: app.url, count: 50, concurrency: 4, request: update }),
    );

    progress(`7 faults: ${changes} lead updates at ${perSecond}/s, ${HEALTHY} healthy endpoints`);
    const without = await phase(ctx, receiver, "healthy endpoints only", problems, paced(changes), paths);
    const dead = await createEndpoint(ctx, app, `${receiver.url}/hang/1`);
    ids.push(dead);
    progress(`7 faults: the same with a 4th endpoint that never answers`);
    const withDead = await phase(
      ctx,
      receiver,
      "beside an endpoint that never answers",
      problems,
      paced(changes),
      paths,
    );
    // phase() kept the healthy paths' arrivals only; the dead one's attempts are in its log once
    // those running have timed out (dropQueued waits for them).
    await dropQueued(ctx);
    const [{ n: deadAttempts }] = await ctx.sql<Array<{ n: number }>>`
      select count(*)::int as n from webhook_deliveries where endpoint_id = ${dead} and not manual`;
    await deleteEndpoint(ctx, app, dead);
    ids.pop();
    const deadReceiver = {
      without: without.figures,
      with: withDead.figures,
      p99Ratio: round(withDead.figures.lag.p99 / without.figures.lag.p99, 2),
      deadAttempts,
    };
    progress(
      `7 faults: healthy lag p99 ${without.figures.lag.p99} ms alone, ${withDead.figures.lag.p99} ms beside the dead receiver (${deadReceiver.p99Ratio}×; ${deadAttempts} attempts to it logged)`,
    );

    progress(`7 faults: a transaction open for ${HOLD_S} s while lead updates go on at ${perSecond}/s`);
    let committedAt = 0;
    const held = await phase(
      ctx,
      receiver,
      `during a ${HOLD_S} s open transaction`,
      problems,
      async () => {
        const sent = await ctx.sql.begin(async (tx) => {
          // Idle in its transaction on purpose: whatever the server's default, it must not be cut.
          await tx`set local idle_in_transaction_session_timeout = 0`;
          await tx`select txid_current()`;
          const opened = nowMs();
          const result = await paced(perSecond * HOLD_S)();
          await sleep(Math.max(0, opened + HOLD_S * 1000 - nowMs()));
          return result;
        });
        committedAt = nowMs();
        return sent;
      },
      paths,
    );
    const afterCommit = held.matched.map((at) => at - committedAt);
    const openTransaction = {
      holdS: HOLD_S,
      figures: held.figures,
      p99Ratio: round(held.figures.lag.p99 / (HOLD_S * 1000), 3),
      afterCommit: { p50: round(percentile(afterCommit, 50), 1), max: round(percentile(afterCommit, 100), 1) },
    };
    progress(
      `7 faults: open transaction: lag p99 ${held.figures.lag.p99} ms (${openTransaction.p99Ratio} × ${HOLD_S} s); after the COMMIT, deliveries p50 ${openTransaction.afterCommit.p50} ms, last ${openTransaction.afterCommit.max} ms`,
    );
    return { perSecond, deadReceiver, openTransaction, problems };
  } finally {
    await dropQueued(ctx).catch(() => {});
    for (const id of ids) await deleteEndpoint(ctx, app, id).catch(() => {});
    await removeBenchEndpoints(ctx);
    await receiver.stop();
  }
}
