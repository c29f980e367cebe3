import type { SmsProvider } from "./sms-provider";

// The embedded default: nothing leaves the machine. The message is kept in sms_messages and
// shown in the web UI's messages page, marked sent.
export const logProvider: SmsProvider = {
  name: "log",
  async send() {
    return { status: "sent", providerMessageId: null };
  },
};

/** The number a simulated inbound message is addressed to when the account has none of its own
 * (555-01xx: reserved for fiction, so it is never a real line). */
export const LOG_PROVIDER_NUMBER = "+12025550100";
