import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { accounts, smsMessages } from "@/db/schema";
import { startWorkers } from "@/lib/jobs/start-workers";
import { sendScheduledSmsQueue } from "@/lib/jobs/workers/send-scheduled-sms";
import { createLead } from "@/lib/leads/create-lead";
import { sendSmsToLead } from "@/lib/sms/send-sms-to-lead";
import { createTenant } from "../../helpers/api";
import { waitUntil } from "./wait-until";

// A text held by quiet hours goes out through the real queue: pg-boss keeps the job until sendAt
// (startAfter), then the worker sends it. The send happens under a faked clock set to a night
// before the real now, so its 08:00 is already past and the job is due at once.

beforeAll(async () => {
  vi.stubEnv("JOBS_POLLING_INTERVAL_SECONDS", "0.5");
  await startWorkers([sendScheduledSmsQueue]);
}, 60_000);
afterAll(async () => {
  vi.unstubAllEnvs();
  await closeDb();
});

describe("send-scheduled-sms through pg-boss", () => {
  it("sends a held text once its sendAt has come", async () => {
    const t = await createTenant();
    const db = await getDb();
    await db.update(accounts).set({ smsQuietHours: true }).where(eq(accounts.id, t.accountId));
    const lead = await createLead(
      { accountId: t.accountId, defaultCountry: "US" },
      { name: "Queue", phone: "+12125550177" }, // Manhattan: quiet hours in New York time
      { type: "system", id: null, name: "Test" },
    );
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.now() - 2 * 86_400_000));
    const local = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", hourCycle: "h23" });
    // Move to 22:30 New York time of that day.
    const base = new Date();
    const hour = Number(local.format(base));
    vi.setSystemTime(new Date(base.getTime() + ((22 - hour + 24) % 24) * 3_600_000));
    const sms = await sendSmsToLead(t.accountId, lead.id, "Held until morning", {
      type: "system",
      id: null,
      name: "Test",
    });
    vi.useRealTimers();
    expect(sms.status).toBe("scheduled");
    expect(new Date(sms.sendAt!).getTime()).toBeLessThan(Date.now());
    await waitUntil("the scheduled text to go out", async () => {
      const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, sms.id));
      return row.status === "sent";
    });
  });
});
