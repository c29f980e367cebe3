import { sql, type SQL } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { changePassword } from "@/lib/auth/change-password";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { resetPassword } from "@/lib/auth/reset-password";
import type { MailSender } from "@/lib/mail/mail-sender";
import { BASE_URL, newOwner, originFor, requestToken, tokenIn, unique } from "./password-fixtures";

// The suites log at "warn"; this one reads every line, down to debug. Set before the logger is
// imported (it reads the level once), put back after.
const previousLogLevel = vi.hoisted(() => {
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "debug";
  return previous;
});

let output = "";
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function rowsOf(query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await (await getDb()).execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

/** The app's tables (schema public) any of whose rows, as JSON, contains `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const tables = await rowsOf(sql`
    select table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema = 'public'`);
  const found: string[] = [];
  for (const { table_name: table } of tables) {
    const [{ n }] = await rowsOf(
      sql`select count(*)::int as n from ${sql.raw(`"${String(table)}"`)} t where strpos(row_to_json(t)::text, ${needle}) > 0`,
    );
    if (Number(n) > 0) found.push(String(table));
  }
  return found;
}

describe(`no reset token or password in the logs or the database on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  beforeAll(async () => {
    await getDb();
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((output += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((output += String(chunk)), true));
  });
  afterEach(nextTurn);
  afterAll(() => {
    vi.restoreAllMocks();
    if (previousLogLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLogLevel;
  });

  it("keeps the token only in the mail, and the passwords nowhere", async () => {
    const owner = await newOwner();
    const token = await requestToken(owner.email);
    const resetTo = `reset-to-${unique()}-lamp`;
    const changedTo = `changed-to-${unique()}-desk`;
    await resetPassword({ token, password: resetTo, origin: originFor() });
    await changePassword({
      accountId: owner.accountId,
      userId: owner.userId,
      origin: originFor(),
      form: { currentPassword: resetTo, newPassword: changedTo, confirmPassword: changedTo },
    });

    // A mail server that fails: the error is logged, the link in the mail is not.
    let failedToken = "";
    const failing: MailSender = {
      kind: "smtp",
      async send(message) {
        failedToken = tokenIn(message.text);
        throw new Error("421 mail server busy");
      },
    };
    await requestPasswordReset({ email: owner.email, origin: originFor(), baseUrl: BASE_URL }, { mailer: failing });
    await nextTurn();

    expect(output).toContain('"msg":"password reset mail sent"');
    expect(output).toContain('"msg":"password reset mail failed"');
    expect(output).toContain("421 mail server busy");
    // The search finds what is there: the mail delivered to the local outbox holds its link.
    expect(await tablesHolding(token)).toEqual(["mail_outbox"]);
    const leaks: string[] = [];
    const secrets = {
      "the mailed token": token,
      "the token of the failed mail": failedToken,
      "the old password": owner.password,
      "the reset password": resetTo,
      "the changed password": changedTo,
    };
    for (const [what, secret] of Object.entries(secrets)) {
      if (output.includes(secret)) leaks.push(`${what} in the logs`);
      // The local outbox holds the mail it delivered, link and all: that is the mailbox.
      const allowed = what === "the mailed token" ? ["mail_outbox"] : [];
      for (const table of await tablesHolding(secret)) if (!allowed.includes(table)) leaks.push(`${what} in ${table}`);
    }
    expect(leaks).toEqual([]);
  });
});
