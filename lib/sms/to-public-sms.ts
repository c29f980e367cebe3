import type { SmsMessage } from "@/db/schema";

export type PublicSms = ReturnType<typeof toPublicSms>;

// The provider, its message id and its error are for staff (the outbox): never in the API.
export function toPublicSms(sms: SmsMessage) {
  return {
    id: sms.id,
    leadId: sms.leadId,
    to: sms.to,
    message: sms.message,
    status: sms.status,
    createdAt: sms.createdAt.toISOString(),
  };
}
