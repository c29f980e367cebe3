"use server";

import { z } from "zod";
import { formAction } from "@/app/_forms/form-action";
import type { FormState } from "@/components/ui/form-state";
import { cancelSmsForm } from "@/app/(app)/leads/_forms/cancel-sms-form";
import { sendSmsForm } from "@/app/(app)/leads/_forms/send-sms-form";
import { simulateReplyForm } from "@/app/(app)/leads/_forms/simulate-reply-form";
import { UNREAD_SHOWN_MAX } from "@/lib/sms/list-unread-lead-sms-ids";
import { markLeadSmsRead } from "@/lib/sms/mark-lead-sms-read";

// The inbox's actions: the same lead forms as the lead page (one service each, so consent, STOP
// and quiet hours hold here exactly as there), refreshing the inbox, the conversation and the
// lead page, after any outcome, since a failed send is kept in the thread too.
const conversationPages = (_state: FormState, formData: FormData) => {
  const leadId = String(formData.get("leadId") ?? "");
  return ["/messages", `/messages/${leadId}`, `/leads/${leadId}`];
};

export const replyAction = formAction({ revalidate: conversationPages }, ({ member, formData }) =>
  sendSmsForm(member, formData),
);

export const cancelScheduledAction = formAction(
  { plain: true, revalidate: conversationPages },
  async ({ member, formData }) => {
    await cancelSmsForm(member, formData);
    return { status: "success" };
  },
);

// "Mark read", in the inbox's conversation and on the lead page: the replies the page showed as
// new stop counting as unread. Only ever this explicit POST: opening either page (a GET, a
// prefetch) reads nothing, and a reply that arrived after the page was shown stays unread.
const shownRepliesSchema = z.object({
  leadId: z.string().min(1).max(100),
  smsIds: z.array(z.string().min(1).max(100)).min(1).max(UNREAD_SHOWN_MAX),
});
export const markReadAction = formAction(
  {
    plain: true,
    schema: shownRepliesSchema,
    input: (formData) => ({ input: { leadId: formData.get("leadId"), smsIds: formData.getAll("smsId") } }),
    revalidate: conversationPages,
  },
  async ({ member, input }) => {
    await markLeadSmsRead(member.accountId, input.leadId, input.smsIds);
    return { status: "success" };
  },
);

// The log provider's stand-in for the lead's reply (development and the demo).
export const simulateReplyAction = formAction({ revalidate: conversationPages }, ({ member, formData }) =>
  simulateReplyForm(member, formData),
);
