import { getDbHandle } from "@/db/client";
import { seedDemo } from "@/lib/seed/seed-demo";
import { formatDemoLogins } from "@/lib/seed/demo-logins";
import { logger } from "@/lib/log/logger";
import { scheduleHousekeeping } from "@/lib/housekeeping/expire-old-records";

// Embedded default: migrate, seed once, print the demo logins. With DATABASE_URL: migrate only
// (production data is never seeded implicitly; `npm run cli -- db seed` does it on purpose).
export async function prepareDatabase(): Promise<void> {
  const started = Date.now();
  try {
    const handle = await getDbHandle();
    logger.info("database ready", { engine: handle.engine, ms: Date.now() - started });
    if (handle.engine === "pglite" && process.env.SEED_DEMO_DATA !== "0") {
      const { created } = await seedDemo(handle.db, (message) => logger.info(message));
      if (created) process.stdout.write(`\n${formatDemoLogins()}\n\n`);
    }
    scheduleHousekeeping();
  } catch (error) {
    // The server keeps running: requests answer 503 until the database can be opened.
    logger.error("database not ready", { error: (error as Error).message });
  }
}
