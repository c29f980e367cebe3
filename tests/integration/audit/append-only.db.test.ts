import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts, auditLogEntries } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import { recordAudit } from "@/lib/audit/record-audit";
import { expireOldRecords } from "@/lib/housekeeping/expire-old-records";
import { newId } from "@/lib/ids/new-id";
import { auditEntries } from "./audit-fixtures";

// The log is append-only for the app: the trigger of migration 0006 refuses every UPDATE and
// every DELETE but retention's (older than a year) and the account's own deletion. Housekeeping
// is the one code path that deletes entries.

const DAY = 86_400_000;
const unique = () => Math.random().toString(36).slice(2, 10);

async function newAccount() {
  return createAccount({
    name: "Append Only",
    email: `append-${unique()}@x.test`,
    password: "append-pass-1",
    plan: "agency",
  });
}

/** An entry as if written `ageMs` ago (an INSERT with an explicit time: the trigger allows inserts). */
async function entryAged(accountId: string, ageMs: number): Promise<string> {
  const id = newId("auditEntry");
  const db = await getDb();
  await db.insert(auditLogEntries).values({
    id,
    accountId,
    occurredAt: new Date(Date.now() - ageMs),
    actorType: "cli",
    actorLabel: "Operator (CLI)",
    action: "account.plan_changed",
    changes: { plan: ["starter", "agency"] },
  });
  return id;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "allowed",
    (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ""}`,
  );

describe(`the audit log is append-only on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let accountId: string;
  beforeAll(async () => {
    ({ accountId } = await newAccount());
  });

  it("refuses any UPDATE, of a new entry or an old one", async () => {
    const db = await getDb();
    await recordAudit(db, accountId, CLI_AUDIT_ACTOR, {
      action: "account.plan_changed",
      changes: { plan: ["starter", "agency"] },
    });
    const [entry] = await auditEntries(accountId);
    const old = await entryAged(accountId, 400 * DAY);
    for (const id of [entry.id, old]) {
      expect(
        await refusal(db.update(auditLogEntries).set({ actorLabel: "someone else" }).where(eq(auditLogEntries.id, id))),
      ).toMatch(/append-only: UPDATE refused/);
    }
    expect((await auditEntries(accountId)).map((e) => e.actorLabel)).not.toContain("someone else");
  });

  it("refuses a DELETE of an entry less than a year old", async () => {
    const db = await getDb();
    const recent = await entryAged(accountId, 360 * DAY);
    expect(await refusal(db.delete(auditLogEntries).where(eq(auditLogEntries.id, recent)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect((await auditEntries(accountId)).map((e) => e.id)).toContain(recent);
  });

  it("housekeeping deletes entries older than a year and keeps the rest", async () => {
    const old = await entryAged(accountId, 366 * DAY);
    const young = await entryAged(accountId, 364 * DAY);
    const fresh = await entryAged(accountId, 0);
    await expireOldRecords();
    const left = (await auditEntries(accountId)).map((e) => e.id);
    expect(left).not.toContain(old);
    expect(left).toEqual(expect.arrayContaining([young, fresh]));
  });

  it("an account's deletion takes its entries with it", async () => {
    const gone = await newAccount();
    const db = await getDb();
    const id = await entryAged(gone.accountId, 0);
    await db.delete(accounts).where(eq(accounts.id, gone.accountId));
    expect(
      await db
        .select()
        .from(auditLogEntries)
        .where(inArray(auditLogEntries.id, [id])),
    ).toEqual([]);
  });
});
