import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { getDb } from "@/db/client";
import { accounts, apiKeys, auditLogEntries } from "@/db/schema";
import { hashApiKey } from "@/lib/keys/key-format";
import { runCli } from "../helpers/run-cli";

const unique = () => Math.random().toString(36).slice(2, 10);
const HOUR = 3_600_000;

interface PrintedKey {
  id: string;
  key: string;
  prefix: string;
  permissions: Record<string, string> | null;
  expiresAt: string | null;
}

async function agencyOwner(): Promise<string> {
  const email = `owner-${unique()}@cli.test`;
  const args = ["--name", "Key Realty", "--email", email, "--password", "pw-123456789", "--plan", "agency"];
  expect((await runCli(["account", "create", ...args])).code).toBe(0);
  return email;
}

describe("CLI against DATABASE_URL", () => {
  it("creates an account, changes its plan, adds a user, and manages keys", async () => {
    const email = `owner-${unique()}@cli.test`;
    const created = await runCli([
      "account",
      "create",
      "--name",
      "CLI Realty",
      "--email",
      email,
      "--password",
      "pw-123456789",
      "--plan",
      "professional",
      "--country",
      "GB",
      "--currency",
      "GBP",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { accountId, userId } = created.json as { accountId: string; userId: string };
    expect(accountId).toMatch(/^acc_/);
    expect(userId).toMatch(/^user_/);

    const db = await getDb();
    const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(account).toMatchObject({ name: "CLI Realty", plan: "professional", defaultCountry: "GB", currency: "GBP" });

    const plan = await runCli(["account", "plan", "--email", email, "--plan", "agency"]);
    expect(plan.code, plan.stderr).toBe(0);
    const [upgraded] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(upgraded.plan).toBe("agency");

    const staff = await runCli([
      "user",
      "create",
      "--account-email",
      email,
      "--email",
      `staff-${unique()}@cli.test`,
      "--password",
      "pw-123456789",
      "--role",
      "staff",
    ]);
    expect(staff.code, staff.stderr).toBe(0);
    expect((staff.json as { accountId: string }).accountId).toBe(accountId);

    const key = await runCli(["api-key", "create", "--email", email, "--name", "Zapier"]);
    expect(key.code, key.stderr).toBe(0);
    const { id, key: plaintext, prefix } = key.json as { id: string; key: string; prefix: string };
    expect(id).toMatch(/^key_/);
    expect(plaintext).toMatch(/^lpm_/);
    expect(prefix).toBe(plaintext.slice(0, 12));
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(stored.keyHash).toBe(hashApiKey(plaintext));

    const list = await runCli(["api-key", "list", "--email", email]);
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain(plaintext);
    expect(list.stdout).not.toContain(stored.keyHash);
    expect(list.json).toEqual([expect.objectContaining({ id, name: "Zapier", prefix, status: "active" })]);

    const revoke = await runCli(["api-key", "revoke", id]);
    expect(revoke.code, revoke.stderr).toBe(0);
    const [revoked] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(revoked.revokedAt).toBeInstanceOf(Date);
  }, 120_000);

  it("creates a restricted, expiring key and rolls it with an overlap, auditing both as the CLI", async () => {
    const email = await agencyOwner();
    const created = await runCli([
      "api-key",
      "create",
      "--email",
      email,
      "--name",
      "Portal sync",
      "--permissions",
      "leads:read, properties:write,visits:none",
      "--expires-in-days",
      "30",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const key = created.json as PrintedKey;
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^lpm_/),
      prefix: key.key.slice(0, 12),
      permissions: { leads: "read", properties: "write" },
      expiresAt: expect.any(String),
    });
    const expiresAt = new Date(key.expiresAt!).getTime();
    expect(Math.abs(expiresAt - (Date.now() + 30 * 24 * HOUR))).toBeLessThan(60_000);

    const db = await getDb();
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(stored).toMatchObject({ keyHash: hashApiKey(key.key), permissions: key.permissions });
    expect(stored.expiresAt?.getTime()).toBe(expiresAt);

    const full = (await runCli(["api-key", "create", "--email", email, "--name", "Everything"])).json as PrintedKey;
    expect(full).toMatchObject({ permissions: null, expiresAt: null });

    const rolled = await runCli(["api-key", "roll", key.id, "--overlap-hours", "24"]);
    expect(rolled.code, rolled.stderr).toBe(0);
    const next = rolled.json as PrintedKey & { previous: { id: string; expiresAt: string } };
    // The new secret keeps the name, permissions and expiry; the old one works 24 more hours.
    expect(next).toMatchObject({ permissions: key.permissions, expiresAt: key.expiresAt, previous: { id: key.id } });
    expect(next.id).not.toBe(key.id);
    expect(next.key).not.toBe(key.key);
    expect(Math.abs(new Date(next.previous.expiresAt).getTime() - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
    const [old] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(old).toMatchObject({ replacedBy: next.id, expiresAt: new Date(next.previous.expiresAt) });
    const [replacement] = await db.select().from(apiKeys).where(eq(apiKeys.id, next.id));
    expect(replacement).toMatchObject({ name: "Portal sync", keyHash: hashApiKey(next.key) });

    const again = await runCli(["api-key", "roll", key.id, "--overlap-hours", "1"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("rolled already");
    const missing = await runCli(["api-key", "roll", `key_missing${unique()}`, "--overlap-hours", "1"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/not found/i);

    const now = (await runCli(["api-key", "roll", full.id, "--overlap-hours", "0"])).json as {
      previous: { expiresAt: string };
    };
    expect(new Date(now.previous.expiresAt).getTime()).toBeLessThanOrEqual(Date.now());

    const entries = await db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.accountId, stored.accountId))
      .orderBy(auditLogEntries.occurredAt);
    const keyEntries = entries.filter((e) => e.action.startsWith("api_key."));
    expect(keyEntries.map((e) => [e.action, e.targetId, e.actorType])).toEqual([
      ["api_key.created", key.id, "cli"],
      ["api_key.created", full.id, "cli"],
      ["api_key.rolled", key.id, "cli"],
      ["api_key.rolled", full.id, "cli"],
    ]);
    expect(JSON.stringify(entries)).not.toContain(key.key.slice(12));
    expect(JSON.stringify(entries)).not.toContain(next.key.slice(12));
  }, 120_000);

  it("never stores a key's plaintext anywhere in the database", async () => {
    const email = `owner-${unique()}@cli.test`;
    expect(
      (
        await runCli([
          "account",
          "create",
          "--name",
          "Secret Realty",
          "--email",
          email,
          "--password",
          "pw-123456789",
          "--plan",
          "agency",
        ])
      ).code,
    ).toBe(0);
    const { key } = (await runCli(["api-key", "create", "--email", email, "--name", "CI"])).json as { key: string };
    // Search every text-like column of every table for the key or any 16-char piece of it.
    const sql = postgres(process.env.DATABASE_URL!, { max: 1 });
    try {
      const tables = await sql<
        { table_name: string }[]
      >`select table_name from information_schema.tables where table_schema = 'public'`;
      for (const { table_name } of tables) {
        const rows = await sql.unsafe(`select * from "${table_name}"`);
        const dump = JSON.stringify(rows);
        expect(dump.includes(key), table_name).toBe(false);
        expect(dump.includes(key.slice(12, 28)), table_name).toBe(false);
      }
    } finally {
      await sql.end();
    }
  }, 60_000);

  it.each([
    [[], "Usage"],
    [["account", "create", "--name", "X"], "missing --email"],
    [
      ["account", "create", "--name", "X", "--email", "a@b.c", "--password", "p", "--plan", "gold"],
      "--plan must be one of",
    ],
    [
      ["user", "create", "--account-email", "a@b.c", "--email", "x@y.z", "--password", "p", "--role", "admin"],
      "--role must be one of",
    ],
    [["api-key", "revoke"], "one KEY_ID"],
    [["api-key", "create", "--email", "a@b.c", "--name", "n", "--bogus", "1"], "Unknown option"],
    [
      ["api-key", "create", "--email", "a@b.c", "--name", "n", "--permissions", "leads:admin"],
      '"leads:admin": the level',
    ],
    [
      ["api-key", "create", "--email", "a@b.c", "--name", "n", "--permissions", "bogus:read"],
      'Unknown resource "bogus"',
    ],
    [["api-key", "create", "--email", "a@b.c", "--name", "n", "--permissions", "activities:write"], "not write"],
    [["api-key", "create", "--email", "a@b.c", "--name", "n", "--permissions", ""], "at least one RESOURCE"],
    [["api-key", "create", "--email", "a@b.c", "--name", "n", "--expires-in-days", "0"], "--expires-in-days must be"],
    [["api-key", "create", "--email", "a@b.c", "--name", "n", "--expires-in-days", "7.5"], "--expires-in-days must be"],
    [["api-key", "roll", "--overlap-hours", "1"], "one KEY_ID, then --overlap-hours"],
    [["api-key", "roll", "key_x"], "missing --overlap-hours"],
    [["api-key", "roll", "key_x", "--overlap-hours", "721"], "from 0 to 720"],
    [["api-key", "roll", "key_x", "--overlap-hours", "1.5"], "from 0 to 720"],
    [["frobnicate"], "unknown command"],
  ])("bad arguments %j exit 2 with usage", async (args, message) => {
    const result = await runCli(args as string[]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain("Usage: npm run cli");
  });

  it("a missing owner is an error with exit code 1", async () => {
    const result = await runCli(["api-key", "create", "--email", `nobody-${unique()}@cli.test`, "--name", "x"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("User not found");
  });
});
