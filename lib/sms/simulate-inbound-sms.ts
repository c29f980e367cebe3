import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { ApiError } from "@/lib/errors/api-error";
import { isLogProvider } from "./get-sms-provider";
import { LOG_PROVIDER_NUMBER } from "./providers/log-provider";
import { receiveInboundSms, type ReceivedSms } from "./receive-inbound-sms";

// The local `log` provider's stand-in for Twilio's inbound webhook (the lead page and the CLI
// `sms receive`): the same receiveInboundSms, with the account named instead of routed. Refused
// with a real provider, where a made-up reply would sit in a real conversation.
export async function simulateInboundSms(accountId: string, from: string, body: string): Promise<ReceivedSms> {
  if (!isLogProvider())
    throw new ApiError("forbidden", "Simulated messages exist only with the local log provider (SMS_PROVIDER unset).");
  const account = await getAccountOrThrow(accountId);
  const received = await receiveInboundSms(
    { to: account.smsNumber ?? LOG_PROVIDER_NUMBER, from, body, providerMessageId: null, provider: "log" },
    accountId,
  );
  // Named accounts are never unrouted.
  return received!;
}
