import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getOpenApiDocument } from "@/app/api/v1/openapi-document";
import { RETRY_WAITS_SECONDS, retryDelayMs } from "@/lib/webhooks/retry-schedule";
import {
  DELIVERY_ATTEMPTS,
  RETRY_SPAN_SECONDS,
  retrySpanText,
  retryWaitsText,
} from "@/lib/webhooks/retry-schedule-text";

// The schedule is what integrators are promised: "about three days" of retries, as Stripe's and
// Svix's. It once summed to 27.6 hours under that promise; the sum and every text are checked here.

const DAY = 24 * 3600;
const ROOT = path.resolve(__dirname, "../../..");
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("the webhook retry schedule", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("sums to about three days, and says so", () => {
    const sum = RETRY_WAITS_SECONDS.reduce((total, wait) => total + wait, 0);
    expect(sum).toBe(RETRY_SPAN_SECONDS);
    expect(sum).toBeGreaterThan(2.5 * DAY);
    expect(sum).toBeLessThan(3.5 * DAY);
    expect(retrySpanText()).toBe("about 3 days");
    expect(retryWaitsText()).toBe("5 s, 5 min, 30 min, 2 h, 5 h, then 10 h 6 times");
    expect(DELIVERY_ATTEMPTS).toBe(12);
  });

  it("is what the deliveries wait: each wait within ±10 %, then no more", () => {
    vi.stubEnv("WEBHOOK_RETRY_SCHEDULE", "");
    RETRY_WAITS_SECONDS.forEach((seconds, i) => {
      const delay = retryDelayMs(i + 1);
      expect(delay).toBeGreaterThanOrEqual(seconds * 900);
      expect(delay).toBeLessThanOrEqual(seconds * 1100);
    });
    expect(retryDelayMs(RETRY_WAITS_SECONDS.length + 1)).toBeNull();
  });

  it("the guide, the document's Webhooks tag and the README say the schedule's own words", () => {
    const document = getOpenApiDocument();
    const guide = flat(document.info.description ?? "");
    const waits = retryWaitsText();
    const span = `${DELIVERY_ATTEMPTS} attempts over ${retrySpanText()}`;
    expect(guide).toContain(waits);
    expect(guide).toContain(span);
    expect(document.tags?.find((tag) => tag.name === "Webhooks")?.description).toContain(
      `retried for ${retrySpanText()}`,
    );
    const readme = flat(readFileSync(path.join(ROOT, "README.md"), "utf8"));
    expect(readme).toContain(waits);
    expect(readme).toContain(span);
  });

  it("no page or module states a retry duration of its own", () => {
    const claims = /retr\w*[^.]{0,80}\b(about|over|for|last)\s+(\d+|two|three|four|five)\s+(days|hours)\b/i;
    // retry-schedule.ts, the definition, may say what it is for.
    const offenders = [...sources("app"), ...sources("lib")].filter(
      (file) => !file.endsWith("retry-schedule.ts") && claims.test(flat(readFileSync(file, "utf8"))),
    );
    expect(offenders).toEqual([]);
  });
});

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
