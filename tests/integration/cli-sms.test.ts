import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, smsMessages } from "@/db/schema";
import { runCli } from "../helpers/run-cli";

const unique = () => Math.random().toString(36).slice(2, 10);

// `sms receive` is the log provider's stand-in for Twilio's inbound webhook, through the same
// service; `account sms-number` is the operator's routing of a Twilio number to an account.
describe("CLI sms receive and account sms-number", () => {
  it("creates the sender's lead, then honours STOP; gives the account its own number", async () => {
    const email = `sms-owner-${unique()}@cli.test`;
    const account = ["--name", "Texting Realty", "--email", email, "--password", "pw-123456789", "--plan", "agency"];
    const created = await runCli(["account", "create", ...account]);
    expect(created.code, created.stderr).toBe(0);
    const { accountId } = created.json as { accountId: string };

    const first = await runCli([
      "sms",
      "receive",
      "--account-email",
      email,
      "--from",
      "(415) 555-0177",
      "--body",
      "Hi",
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json).toMatchObject({
      accountId,
      leadCreated: true,
      keyword: null,
      sms: { direction: "inbound", from: "+14155550177", message: "Hi", status: "received" },
    });
    const { leadId } = first.json as { leadId: string };
    const stop = await runCli(["sms", "receive", "--account-email", email, "--from", "+14155550177", "--body", "stop"]);
    expect(stop.json).toMatchObject({ leadId, leadCreated: false, keyword: "STOP" });

    const db = await getDb();
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ accountId, source: "sms", smsOptOut: true, smsOptOutByRecipient: true });
    const received = await db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.leadId, leadId), eq(smsMessages.direction, "inbound")));
    expect(received).toHaveLength(2);

    const bad = await runCli(["sms", "receive", "--account-email", email, "--from", "12", "--body", "x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--from: Not a valid phone number");

    const number = `+1628${String(Math.floor(Math.random() * 1e7))
      .padStart(7, "0")
      .replace(/^[01]/, "5")}`;
    const set = await runCli(["account", "sms-number", "--email", email, "--number", number]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.json).toEqual({ accountId, smsNumber: number });
    const other = `sms-other-${unique()}@cli.test`;
    await runCli(["account", "create", ...account.slice(0, 2), "--email", other, ...account.slice(4)]);
    const taken = await runCli(["account", "sms-number", "--email", other, "--number", number]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("already the SMS number of account");
    // Seven CLI processes, each starting tsx and opening the database: 30 s was not enough on a
    // loaded machine (46 s seen), as for the other CLI tests (cli.test.ts).
  }, 120_000);
});
