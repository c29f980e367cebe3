import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { activities, apiKeys, leads } from "@/db/schema";
import { hashApiKey } from "@/lib/keys/key-format";
import { runCli } from "../helpers/run-cli";

// `db seed-bulk`: the benchmark's data, made by the CLI against DATABASE_URL.

const dir = mkdtempSync(path.join(tmpdir(), "lpm-seed-bulk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("CLI db seed-bulk", () => {
  it("creates an Agency account with N leads (each with lead_created) and K keys saved to a private file; a second run tops up", async () => {
    const email = `bulk-${Date.now().toString(36)}@cli.test`;
    const keysOut = path.join(dir, "keys.json");
    const first = await runCli([
      "db",
      "seed-bulk",
      "--email",
      email,
      "--leads",
      "500",
      "--keys",
      "3",
      "--keys-out",
      keysOut,
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/seed-bulk: leads 500\/500/);
    expect(first.json).toMatchObject({ accountCreated: true, leadsBefore: 0, leadsInserted: 500, keysCreated: 3 });
    expect(first.stdout).not.toContain("lpm_");

    const saved = JSON.parse(readFileSync(keysOut, "utf8")) as {
      accountId: string;
      keys: Array<{ id: string; key: string }>;
    };
    expect(statSync(keysOut).mode & 0o777).toBe(0o600);
    expect(saved.keys).toHaveLength(3);
    const db = await getDb();
    const stored = await db
      .select()
      .from(apiKeys)
      .where(
        inArray(
          apiKeys.id,
          saved.keys.map((k) => k.id),
        ),
      );
    expect(stored.map((k) => k.keyHash).sort()).toEqual(saved.keys.map((k) => hashApiKey(k.key)).sort());

    const live = and(eq(leads.accountId, saved.accountId), isNull(leads.deletedAt));
    expect((await db.select({ n: count() }).from(leads).where(live))[0].n).toBe(500);
    expect(
      (
        await db
          .select({ n: count() })
          .from(activities)
          .where(and(eq(activities.accountId, saved.accountId), eq(activities.type, "lead_created")))
      )[0].n,
    ).toBe(500);
    const sample = await db.select().from(leads).where(live).limit(50);
    for (const lead of sample) {
      expect(lead.id).toMatch(/^lead_[0-9a-hjkmnp-tv-z]{26}$/);
      if (lead.phone) expect(lead.phone).toMatch(/^\+1415\d{7}$/);
      if (lead.email) expect(lead.email).toMatch(/^[a-z]+\.[a-z]+\.\d+@example\.com$/);
      expect(lead.updatedAt.getTime()).toBeGreaterThanOrEqual(lead.createdAt.getTime());
    }

    const again = await runCli([
      "db",
      "seed-bulk",
      "--email",
      email,
      "--leads",
      "600",
      "--keys",
      "0",
      "--keys-out",
      keysOut,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json).toMatchObject({ accountCreated: false, leadsBefore: 500, leadsInserted: 100, keysCreated: 0 });
    expect((await db.select({ n: count() }).from(leads).where(live))[0].n).toBe(600);
  });

  it("refuses a database that is not on this machine, and bad numbers", async () => {
    const remote = await runCli(
      [
        "db",
        "seed-bulk",
        "--email",
        "x@cli.test",
        "--leads",
        "10",
        "--keys",
        "1",
        "--keys-out",
        path.join(dir, "k.json"),
      ],
      { DATABASE_URL: "postgres://postgres@db.example.com:5432/prod" },
    );
    expect(remote.code).toBe(1);
    expect(remote.stderr).toContain("refusing to bulk-seed a non-local database");
    const bad = await runCli([
      "db",
      "seed-bulk",
      "--email",
      "x@cli.test",
      "--leads",
      "many",
      "--keys",
      "1",
      "--keys-out",
      path.join(dir, "k.json"),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--leads must be a whole number");
  });
});
