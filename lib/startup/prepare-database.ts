import { getDbHandle } from "@/db/client";
import { seedDemo } from "@/lib/seed/seed-demo";
import { logger } from "@/lib/log/logger";
import { scheduleHousekeeping } from "@/lib/housekeeping/expire-old-records";
import { describeError } from "@/lib/log/describe-error";

// Embedded default: migrate and seed once. With DATABASE_URL: migrate only (production data is
// never seeded implicitly; `npm run cli -- db seed` does it on purpose). Answers whether the demo
// accounts are there, for instrumentation.ts to print their logins once the server is ready, and
// whether the database is open and migrated (the process may then turn ready).
export async function prepareDatabase(): Promise<{ demo: boolean; ready: boolean }> {
  const started = Date.now();
  try {
    const handle = await getDbHandle();
    logger.info("database ready", { engine: handle.engine, ms: Date.now() - started });
    const demo = handle.engine === "pglite" && process.env.SEED_DEMO_DATA !== "0";
    // Seeds on the first start; on later ones the demo owner is there already and nothing is done.
    if (demo) await seedDemo(handle.db, (message) => logger.info(message));
    scheduleHousekeeping();
    return { demo, ready: true };
  } catch (error) {
    // The server keeps running: requests answer 503 until the database can be opened.
    logger.error("database not ready", { error: describeError(error) });
  }
  return { demo: false, ready: false };
}
