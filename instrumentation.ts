// Runs once when a Next.js server starts: answer requests under /api that Next cannot route as
// the contract promises (lib/api/outside-contract-guard.ts), open the database (which applies migrations), and on
// the embedded default seed demo data on first start. Then start the background jobs: the
// queues, and this process's workers unless RUN_WORKERS=0. Then, on the embedded default, print
// the demo logins.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: traces when OTEL_EXPORTER_OTLP_ENDPOINT is set, before the jobs start (pg-boss is given
  // the tracer provider as it starts: lib/observability/trace-jobs.ts).
  await (await import("./lib/observability/tracing")).startTracing("leadprop-web");
  // Before the database and the jobs: scripts/start-server.mts stops the process through it.
  (await import("./lib/runtime/shutdown")).exposeShutdown();
  const { installOutsideContractGuard } = await import("./lib/api/outside-contract-guard");
  installOutsideContractGuard();
  // The socket's peer and the client's address (TRUSTED_PROXY_HOPS), which handlers cannot see:
  // /api/metrics access, the audit log's address, the per-address sign-in and reset limits.
  // A bad TRUSTED_PROXY_HOPS stops the process here.
  (await import("./lib/startup/install-peer-address-stamp")).installPeerAddressStampOrExit();
  const { prepareDatabase } = await import("./lib/startup/prepare-database");
  const { rateLimitStoreKind } = await import("./lib/rate-limit/limit-api-key");
  const { logger } = await import("./lib/log/logger");
  logger.info("rate limiter", { store: rateLimitStoreKind() });
  (await import("./lib/mail/log-mail-setup")).logMailSetup();
  const { demo, ready } = await prepareDatabase();
  // Readiness (GET /api/health/ready) turns 200 from here, or once a retry has opened the database.
  (await import("./lib/startup/turn-ready")).turnReadyOncePrepared(ready, prepareDatabase);
  const { startJobsInServer } = await import("./lib/jobs/start-in-server");
  await startJobsInServer();
  // Last, on every start of the embedded default: the logins below Next's own "Ready", once the
  // database, the seed and the jobs are, so the first thing a new developer reads is how to sign in.
  if (demo) {
    const { printDemoLogins } = await import("./lib/seed/demo-logins");
    printDemoLogins();
  }
}
