import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { getDb } from "@/db/client";
import { accounts, apiKeys } from "@/db/schema";
import { hashApiKey } from "@/lib/keys/key-format";
import { runCli } from "../helpers/run-cli";

const unique = () => Math.random().toString(36).slice(2, 10);

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
