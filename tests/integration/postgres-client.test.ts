import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { closeDb, getDb, migratePostgres, poolSize } from "@/db/client";
import { leads } from "@/db/schema";
import { createTestDatabase, dropTestDatabase } from "../setup/test-database";

// db/client.ts on PostgreSQL: the pool size setting and migrations on start.
describe("PostgreSQL client", () => {
  let fresh: { name: string; url: string };
  const saved = { url: process.env.DATABASE_URL, pool: process.env.DATABASE_POOL_SIZE };

  beforeAll(async () => {
    fresh = await createTestDatabase("client");
  });
  afterAll(async () => {
    await closeDb();
    process.env.DATABASE_URL = saved.url;
    if (saved.pool === undefined) delete process.env.DATABASE_POOL_SIZE;
    else process.env.DATABASE_POOL_SIZE = saved.pool;
    await dropTestDatabase(fresh.name);
  });

  it("reads DATABASE_POOL_SIZE, and ignores a value that is not a positive whole number", () => {
    process.env.DATABASE_POOL_SIZE = "3";
    expect(poolSize()).toBe(3);
    for (const bad of ["0", "-2", "1.5", "many", ""]) {
      process.env.DATABASE_POOL_SIZE = bad;
      expect(poolSize()).toBe(10);
    }
  });

  // It once deadlocked: the migration lock held one connection of the pool while the
  // migration waited for another.
  it("starts on an empty database with a pool of one connection: migrated, then serving", async () => {
    await closeDb();
    process.env.DATABASE_URL = fresh.url;
    process.env.DATABASE_POOL_SIZE = "1";
    const db = await Promise.race([
      getDb(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("start hung")), 15_000)),
    ]);
    expect(await db.$count(leads)).toBe(0);
    await closeDb();
  });

  it("three app starts at once (three sessions) migrate one at a time, and every migration is applied once", async () => {
    const other = await createTestDatabase("client_race");
    try {
      await Promise.all([migratePostgres(other.url), migratePostgres(other.url), migratePostgres(other.url)]);
      const admin = postgres(other.url, { max: 1, onnotice: () => {} });
      try {
        const [{ applied }] = await admin`select count(*)::int as applied from drizzle.__drizzle_migrations`;
        expect(applied).toBe(readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).length);
      } finally {
        await admin.end();
      }
    } finally {
      await dropTestDatabase(other.name);
    }
  });
});
