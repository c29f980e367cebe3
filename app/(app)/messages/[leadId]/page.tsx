import type { Metadata } from "next";
import Link from "next/link";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { getOptOutByRecipient } from "@/lib/sms/get-opt-out-by-recipient";
import { listMessages } from "@/lib/sms/list-messages";
import { listUnreadLeadSmsIds } from "@/lib/sms/list-unread-lead-sms-ids";
import { quietHoursNotice } from "@/lib/sms/quiet-hours/next-send-time";
import { loadLead } from "@/app/(app)/leads/[id]/load-lead";
import { LeadSmsPanel } from "@/components/leads/lead-sms-panel";
import { MarkSmsReadButton } from "@/components/leads/mark-sms-read-button";
import { formatPhone } from "@/components/ui/format-phone";
import { styles } from "@/components/ui/styles";
import { cancelScheduledAction, markReadAction, replyAction, simulateReplyAction } from "../actions";

export const metadata: Metadata = { title: "Conversation" };

const THREAD_LENGTH = 50;

// One conversation: the thread (its latest messages, oldest first, each with its true state), a
// "Mark read" button while replies are unread, and the reply box, which sends through the same
// service as the lead page and the API. Reading this page changes nothing.
export default async function ConversationPage({ params }: { params: Promise<{ leadId: string }> }) {
  const { leadId } = await params;
  const { member, record: lead } = await loadLead(leadId);
  const [account, thread, unread, optOutByRecipient, scheduleNotice] = await Promise.all([
    getAccountOrThrow(member.accountId),
    listMessages(member.accountId, { leadId: lead.id, limit: THREAD_LENGTH }),
    listUnreadLeadSmsIds(member.accountId, lead.id),
    lead.smsOptOut ? getOptOutByRecipient(member.accountId, lead.id) : false,
    lead.phone && !lead.smsOptOut ? quietHoursNotice(member.accountId, lead.id) : null,
  ]);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Link href="/messages" className={`${styles.link} text-sm`}>
        ← All conversations
      </Link>
      <section aria-labelledby="conversation-title" className={`${styles.card} overflow-hidden`}>
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
          <div className="min-w-0">
            <h1 id="conversation-title" className="break-words text-lg font-semibold text-slate-900">
              {lead.name}
            </h1>
            <p className="text-sm text-slate-600">
              {lead.phone ? formatPhone(lead.phone, account.defaultCountry) : "No phone number"} ·{" "}
              <Link href={`/leads/${lead.id}`} className={styles.link}>
                Open lead
              </Link>
            </p>
          </div>
          {unread.size ? <MarkSmsReadButton leadId={lead.id} smsIds={[...unread]} action={markReadAction} /> : null}
        </header>
        <LeadSmsPanel
          account={account}
          lead={lead}
          thread={thread.data.toReversed()}
          zone={member.timeZone}
          newIds={unread}
          optOutByRecipient={optOutByRecipient}
          scheduleNotice={scheduleNotice}
          actions={{ send: replyAction, simulateReply: simulateReplyAction, cancel: cancelScheduledAction }}
        />
      </section>
    </div>
  );
}
