import { randomUUID } from "node:crypto";
import type { SmsProvider } from "./sms-provider";

// The embedded default: nothing leaves the machine. The message is kept in sms_messages and
// shown in the web UI's messages page, marked sent. It has an id of its own, like a real
// provider's: a message handed to it is one a reply can be routed by (lib/sms/route-inbound-sms.ts).
export const logProvider: SmsProvider = {
  name: "log",
  async send() {
    return { status: "sent", providerMessageId: `log_${randomUUID()}` };
  },
};

/** The number a simulated inbound message is addressed to when the account has none of its own
 * (555-01xx: reserved for fiction, so it is never a real line). */
export const LOG_PROVIDER_NUMBER = "+12025550100";
