import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { getDb, getDbHandle } from "@/db/client";
import { activities, apiKeys, leads, memberships, users } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { createApiKey } from "@/lib/keys/create-api-key";
import { listApiKeys } from "@/lib/keys/list-api-keys";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { verifyPassword } from "@/lib/auth/password";
import { seedDemo } from "@/lib/seed/seed-demo";
import { DEMO_LOGINS } from "@/lib/seed/demo-logins";
import { ApiError } from "@/lib/errors/api-error";

const unique = () => Math.random().toString(36).slice(2, 10);

// Runs on PostgreSQL and on PGlite (TEST_DB_ENGINE=pglite): the same services on both engines.
describe(`accounts and keys on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("uses the engine the environment asks for", async () => {
    const { engine } = await getDbHandle();
    expect(engine).toBe(process.env.TEST_DB_ENGINE === "pglite" ? "pglite" : "postgres");
  });

  it("creates an account with its owner and a scrypt password hash", async () => {
    const email = `Owner-${unique()}@Example.com`;
    const { accountId, userId } = await createAccount({
      name: "Acme",
      email,
      password: "correct horse",
      plan: "agency",
    });
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user.email).toBe(email.toLowerCase());
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("correct horse", user.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong", user.passwordHash)).toBe(false);
    const [membership] = await db.select().from(memberships).where(eq(memberships.userId, userId));
    expect(membership).toMatchObject({ accountId, role: "owner" });
    await expect(createAccount({ name: "Again", email, password: "x", plan: "starter" })).rejects.toBeInstanceOf(
      ApiError,
    );
  });

  it("stores only the key hash; revocation is scoped by account", async () => {
    const a = await createAccount({ name: "A", email: `a-${unique()}@x.test`, password: "pw", plan: "agency" });
    const b = await createAccount({ name: "B", email: `b-${unique()}@x.test`, password: "pw", plan: "agency" });
    const key = await createApiKey({ accountId: a.accountId, name: "Zap", createdBy: a.userId });
    const db = await getDb();
    const rows = await db.select().from(apiKeys).where(eq(apiKeys.accountId, a.accountId));
    expect(JSON.stringify(rows)).not.toContain(key.key);
    await expect(revokeApiKey(key.id, b.accountId, null)).rejects.toMatchObject({ code: "not_found" });
    await revokeApiKey(key.id, a.accountId, null);
    const [listed] = await listApiKeys(a.accountId);
    expect(listed).toMatchObject({ id: key.id, status: "revoked", createdBy: "A" });
    expect(Object.keys(listed)).not.toContain("keyHash");
  });

  it("seeds demo data once", async () => {
    const db = await getDb();
    // The first call may find the demo seeded already: seed-demo.db.test.ts shares this database.
    await seedDemo(db);
    const second = await seedDemo(db);
    expect(second.created).toBe(false);
    const owner = DEMO_LOGINS[0];
    const [u] = await db.select().from(users).where(eq(users.email, owner.email));
    expect(await verifyPassword(owner.password, u.passwordHash)).toBe(true);
    // Scoped to the demo account: other suites share this database and add their own leads.
    const [member] = await db.select().from(memberships).where(eq(memberships.userId, u.id));
    const [{ n }] = await db.select({ n: count() }).from(leads).where(eq(leads.accountId, member.accountId));
    expect(n).toBeGreaterThanOrEqual(300);
    // Every lead has its lead_created activity.
    const [{ created }] = await db
      .select({ created: count() })
      .from(activities)
      .where(and(eq(activities.type, "lead_created"), eq(activities.accountId, member.accountId)));
    expect(created).toBe(n);
  });
});
