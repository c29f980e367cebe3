import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids/new-id";
import { insertPreparedLeadIn } from "@/lib/leads/create-lead";
import { lockMatchKeys } from "@/lib/leads/match-key-locks";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { logger } from "@/lib/log/logger";
import { normalizePhone } from "@/lib/phone/normalize-phone";
import { inTransaction } from "@/lib/query/after-commit";
import { applySmsKeyword } from "./apply-sms-keyword";
import { findLeadIdByPhone } from "./find-lead-by-phone";
import { accountsReachedByKeyword, applyNumberKeyword } from "./number-opt-outs";
import { applyKeywordToPhoneLeads } from "./apply-keyword-to-phone-leads";
import { toPublicSms, type PublicSms } from "./public-sms";
import { routeInboundSms } from "./route-inbound-sms";
import { smsKeywordOf, type SmsKeyword } from "./sms-keywords";
import { inboundSenderOf } from "./sms-sender";

export interface InboundSms {
  /** Our number the lead wrote to. */
  to: string;
  /** The lead's number. */
  from: string;
  body: string;
  /** Twilio's MessageSid: a repeated webhook stores nothing twice. */
  providerMessageId: string | null;
  provider: "twilio" | "log";
}

export interface ReceivedSms {
  accountId: string;
  leadId: string;
  sms: PublicSms;
  keyword: SmsKeyword | null;
  leadCreated: boolean;
}

const ACTORS: Record<InboundSms["provider"], Actor> = {
  twilio: { type: "system", id: null, name: "Twilio" },
  log: { type: "system", id: null, name: "Simulated SMS (log provider)" },
};

// One path for every inbound message: Twilio's webhook (routed by number), and the log
// provider's simulation from the lead page and the CLI (which name the account). In one
// transaction: the sender's lead found by phone or created (source sms, status new, named by the
// number, with its lead.created), the message, its sms_received activity, its sms.received
// event and what a keyword does. Null when no account could be found for the message.
export async function receiveInboundSms(message: InboundSms, accountId?: string): Promise<ReceivedSms | null> {
  const db = await getDb();
  const account = accountId ?? (await routeInboundSms(db, message));
  if (!account) {
    logger.warn("inbound sms matched no account", { to: message.to, provider: message.provider });
    return null;
  }
  const { defaultCountry, smsNumber } = await getAccountOrThrow(account, db);
  const from = normalizePhone(message.from, defaultCountry, "from")!;
  const actor = ACTORS[message.provider];
  const keyword = smsKeywordOf(message.body);
  return inTransaction(db, async (tx) => {
    // Two first messages from one new number at once make one lead: the second waits here until
    // the first has committed, then finds it (the same lock intake takes on a phone match).
    await lockMatchKeys(tx, account, [`phone:${from}`]);
    let leadId = await findLeadIdByPhone(tx, account, from);
    const leadCreated = !leadId;
    leadId ??= (
      await insertPreparedLeadIn(tx, account, { name: from, phone: from, source: "sms", status: "new" }, actor)
    ).id;
    // Locked first: a repeated webhook, or STOP and START racing, wait for each other here.
    const lead = await getLeadOrThrow(tx, account, leadId, { forUpdate: true });
    if (message.providerMessageId) {
      const [seen] = await tx
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.providerMessageId, message.providerMessageId))
        .limit(1);
      if (seen) return { accountId: seen.accountId, leadId: seen.leadId, sms: toPublicSms(seen), keyword, leadCreated };
    }
    const [row] = await tx
      .insert(smsMessages)
      .values({
        id: newId("sms"),
        accountId: account,
        leadId,
        direction: "inbound",
        to: message.to,
        from,
        message: message.body,
        status: "received",
        provider: message.provider,
        providerMessageId: message.providerMessageId,
      })
      .returning();
    const sms = toPublicSms(row);
    await recordActivity(tx, { accountId: account, leadId, actor }, { kind: "sms_received", smsId: row.id, from });
    await recordEvent(tx, account, actor, { type: "sms.received", object: sms });
    if (keyword) {
      await applySmsKeyword(tx, lead, keyword, { conversation: "own", smsId: row.id }, actor);
      // The opt-out belongs to the number, not only to this lead (lib/sms/number-opt-outs.ts), and
      // on the shared number to every account that texted the phone from it.
      const sender = inboundSenderOf({ smsNumber }, message.to);
      const reached = await accountsReachedByKeyword(tx, { accountId: account, phone: from, sender });
      await applyNumberKeyword(tx, { reached, phone: from, sender, keyword, smsId: row.id });
      await applyKeywordToPhoneLeads(tx, { reached, phone: from, keyword, routedLeadId: leadId, smsId: row.id, actor });
    }
    return { accountId: account, leadId, sms, keyword, leadCreated };
  });
}
