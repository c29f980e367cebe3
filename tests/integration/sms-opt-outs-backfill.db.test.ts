import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase, dropTestDatabase } from "../setup/test-database";

// Migration 0017 carries every STOP kept on a lead (issue 31, finding 3) over to sms_opt_outs, the
// number's opt-out, for the account's sending number; and gives the log provider's past texts an
// id, so replies to them still route. Run on a database migrated up to 0016 with data in it.

const MIGRATIONS = path.resolve(__dirname, "../../db/migrations");
const BEFORE = "0016_lead_name_sort_index";

/** The migrations folder as it was before 0017: the same files, the journal cut there. */
function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lpm-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string }>;
  };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
  return dir;
}

interface Engine {
  query: (text: string) => Promise<Record<string, unknown>[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

async function openEngine(): Promise<Engine> {
  if (process.env.TEST_DB_ENGINE === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client, { casing: "snake_case" });
    return {
      // exec: the seed is several statements, which PGlite's query refuses.
      query: async (text) => (await client.exec(text)).at(-1)!.rows as Record<string, unknown>[],
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const created = await createTestDatabase("backfill");
  const sql = postgres(created.url, { max: 1, onnotice: () => {} });
  const db = drizzle(sql, { casing: "snake_case" });
  return {
    query: async (text) => [...(await sql.unsafe(text))] as Record<string, unknown>[],
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await sql.end();
      await dropTestDatabase(created.name);
    },
  };
}

describe("migration 0017: sms_opt_outs", () => {
  it("carries lead-level STOPs over to the number, per account and sending number", async () => {
    const engine = await openEngine();
    const before = migrationsUpTo(BEFORE);
    try {
      await engine.migrate(before);
      await engine.query(`
        insert into accounts (id, name, sms_number) values
          ('acc_shared', 'Shared', null), ('acc_own', 'Own', '+16285550100');
        insert into leads (id, account_id, name, phone, sms_opt_out, sms_opt_out_by_recipient, deleted_at) values
          ('lead_1', 'acc_shared', 'Stopped', '+14155550300', true, true, null),
          ('lead_2', 'acc_shared', 'Same number', '+14155550300', true, true, now()),
          ('lead_3', 'acc_own', 'Stopped', '+14155550300', true, true, null),
          ('lead_4', 'acc_own', 'Staff opt-out', '+14155550301', true, false, null),
          ('lead_5', 'acc_own', 'No phone', null, true, true, null);
        insert into sms_messages (id, account_id, lead_id, direction, "to", message, status, provider, provider_message_id) values
          ('sms_log', 'acc_shared', 'lead_1', 'outbound', '+14155550300', 'Hi', 'sent', 'log', null),
          ('sms_sched', 'acc_shared', 'lead_1', 'outbound', '+14155550300', 'Later', 'cancelled', 'log', null),
          ('sms_twilio', 'acc_own', 'lead_3', 'outbound', '+14155550300', 'Hi', 'failed', 'twilio', null);
      `);
      await engine.migrate(MIGRATIONS);
      const optOuts = await engine.query(
        "select account_id, phone, sender, sms_id from sms_opt_outs order by account_id, phone",
      );
      expect(optOuts).toEqual([
        { account_id: "acc_own", phone: "+14155550300", sender: "+16285550100", sms_id: null },
        { account_id: "acc_shared", phone: "+14155550300", sender: "shared", sms_id: null },
      ]);
      const ids = await engine.query("select id, provider_message_id from sms_messages order by id");
      expect(ids).toEqual([
        { id: "sms_log", provider_message_id: "log_sms_log" },
        { id: "sms_sched", provider_message_id: null },
        { id: "sms_twilio", provider_message_id: null },
      ]);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await engine.close();
    }
  });
});
