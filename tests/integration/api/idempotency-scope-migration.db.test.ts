import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MIGRATIONS, migrationsUpTo, openEngine } from "../../helpers/migrated-engine";

// Migration 0025 scopes idempotency keys to the account (issue 33, part 6). The day of rows it
// finds were claimed per API key: each takes its key's account, and where two keys of one account
// claimed the same Idempotency-Key, the first claim stays, as the new scope would have kept it.

const BEFORE = "0024_webhook_delivery_skipped";

describe("migration 0025: idempotency keys per account", () => {
  it("gives each row its key's account and keeps one claim per account and key string", async () => {
    const engine = await openEngine();
    const before = migrationsUpTo(BEFORE);
    try {
      await engine.migrate(before);
      await engine.query(`
        insert into accounts (id, name) values ('acc_a', 'A'), ('acc_b', 'B');
        insert into api_keys (id, account_id, name, key_hash, prefix) values
          ('key_a1', 'acc_a', 'a1', 'h1', 'lpm_a1'), ('key_a2', 'acc_a', 'a2', 'h2', 'lpm_a2'),
          ('key_b1', 'acc_b', 'b1', 'h3', 'lpm_b1');
        insert into idempotency_keys (api_key_id, key, method, path, request_hash, created_at) values
          ('key_a2', 'retry-1', 'POST', '/api/v1/leads', 'second', now() - interval '1 minute'),
          ('key_a1', 'retry-1', 'POST', '/api/v1/leads', 'first', now() - interval '2 minutes'),
          ('key_a1', 'only-a', 'POST', '/api/v1/leads', 'a', now()),
          ('key_b1', 'retry-1', 'POST', '/api/v1/leads', 'b', now());
      `);
      await engine.migrate(MIGRATIONS);
      const rows = await engine.query(
        "select account_id, key, api_key_id, request_hash from idempotency_keys order by account_id, key",
      );
      expect(rows).toEqual([
        { account_id: "acc_a", key: "only-a", api_key_id: "key_a1", request_hash: "a" },
        { account_id: "acc_a", key: "retry-1", api_key_id: "key_a1", request_hash: "first" },
        { account_id: "acc_b", key: "retry-1", api_key_id: "key_b1", request_hash: "b" },
      ]);
      // The new primary key: a second claim of (account, key) by another key of the account fails.
      await expect(
        engine.query(
          "insert into idempotency_keys (account_id, api_key_id, key, method, path, request_hash) values ('acc_a', 'key_a2', 'only-a', 'POST', '/p', 'x')",
        ),
      ).rejects.toThrow(/duplicate key|unique/i);
    } finally {
      rmSync(before, { recursive: true, force: true });
      await engine.close();
    }
  });
});
