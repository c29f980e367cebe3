import type { SmsProvider } from "./sms-provider";

// The embedded default: nothing leaves the machine. The message is kept in sms_messages and
// shown in the web UI's outbox, marked sent.
export const logProvider: SmsProvider = {
  name: "log",
  async send() {
    return { status: "sent", providerMessageId: null };
  },
};
