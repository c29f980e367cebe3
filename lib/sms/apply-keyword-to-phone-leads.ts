import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { leads } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { applySmsKeyword } from "./apply-sms-keyword";
import type { SmsKeyword } from "./sms-keywords";

interface KeywordToPhoneLeads {
  /** accountsReachedByKeyword: the routed account first. */
  reached: string[];
  phone: string;
  keyword: SmsKeyword;
  /** The lead the message was stored on, which applySmsKeyword has already handled. */
  routedLeadId: string;
  /** The inbound message, in the routed account. */
  smsId: string;
  actor: Actor;
}

// The number's STOP or START on every other live lead with that phone in the accounts it reached,
// so each lead's smsOptOut and consent say what the number's opt-out does (the API, the lead page
// and the webhooks show the lead as opted out, not only the send refusing it). In the routed
// account it is the lead's own conversation; elsewhere it came through the shared number
// (applySmsKeyword says what that changes). The leads are locked in id order, after the routed
// lead, as every keyword from the phone takes them (those from one phone are routed alike).
export async function applyKeywordToPhoneLeads(tx: DbOrTx, to: KeywordToPhoneLeads): Promise<void> {
  if (to.keyword.action === "help") return;
  const [routedAccountId] = to.reached;
  const others = await tx
    .select()
    .from(leads)
    .where(
      and(
        inArray(leads.accountId, to.reached),
        eq(leads.phone, to.phone),
        isNull(leads.deletedAt),
        ne(leads.id, to.routedLeadId),
      ),
    )
    .orderBy(asc(leads.id))
    .for("update");
  for (const lead of others)
    await applySmsKeyword(
      tx,
      lead,
      to.keyword,
      lead.accountId === routedAccountId ? { conversation: "own", smsId: to.smsId } : { conversation: "shared_number" },
      to.actor,
    );
}
