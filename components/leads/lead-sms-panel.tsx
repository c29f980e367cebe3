import type { Account } from "@/lib/accounts/get-account";
import type { PublicLead } from "@/lib/leads/public-lead";
import { smsConsentRefusal } from "@/lib/sms/assert-sms-consent";
import { isLogProvider } from "@/lib/sms/get-sms-provider";
import type { FormState } from "@/components/ui/form-state";
import { SimulateReplyForm } from "./simulate-reply-form";
import { SmsForm } from "./sms-form";
import { SmsThread, type ThreadMessage } from "./sms-thread";

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

/** Why the send button is off, in words: consent, or an opt-out (whose undoing depends on who opted out). */
function disabledReason(account: Account, lead: PublicLead, optOutByRecipient: boolean): string | undefined {
  if (!lead.smsOptOut) return smsConsentRefusal(account, lead) ?? undefined;
  return optOutByRecipient
    ? "This lead opted out of SMS by replying STOP. Only the lead can opt back in, by texting START."
    : "This lead opted out of SMS. Untick “Opted out of SMS” only if they asked to hear from you again.";
}

// The SMS conversation: the thread oldest first, then the reply box (the header's "Text" jumps here).
export function LeadSmsPanel({
  account,
  lead,
  thread,
  zone,
  newIds,
  optOutByRecipient,
  scheduleNotice,
  actions,
}: {
  account: Account;
  lead: PublicLead;
  thread: ThreadMessage[];
  zone: string;
  newIds: Set<string>;
  optOutByRecipient: boolean;
  scheduleNotice: string | null;
  actions: { send: Action; simulateReply: Action; cancel: (formData: FormData) => Promise<void> };
}) {
  return (
    <div className="space-y-4 p-5">
      <SmsThread messages={thread} zone={zone} newIds={newIds} cancelAction={actions.cancel} />
      {!lead.phone ? (
        <p className="text-sm text-slate-600">This lead has no phone number. Add one in the details to send an SMS.</p>
      ) : (
        <>
          <SmsForm
            leadId={lead.id}
            to={lead.phone}
            action={actions.send}
            disabledReason={disabledReason(account, lead, optOutByRecipient)}
            scheduleNotice={scheduleNotice ?? undefined}
          />
          {isLogProvider() ? <SimulateReplyForm leadId={lead.id} action={actions.simulateReply} /> : null}
        </>
      )}
    </div>
  );
}
