import { logProvider } from "./providers/log-provider";
import type { SmsProvider } from "./providers/sms-provider";
import { twilioProvider } from "./providers/twilio-provider";

/** The local `log` provider (the default): nothing is sent, and replies can be simulated. */
export const isLogProvider = () => process.env.SMS_PROVIDER !== "twilio";

/** SMS_PROVIDER=twilio (with TWILIO_* set) sends for real; anything else keeps messages local. */
export function getSmsProvider(): SmsProvider {
  if (isLogProvider()) return logProvider;
  const accountSid = process.env.TWILIO_ACCOUNT_SID;
  const authToken = process.env.TWILIO_AUTH_TOKEN;
  if (!accountSid || !authToken || !(process.env.TWILIO_FROM_NUMBER || process.env.TWILIO_MESSAGING_SERVICE_SID)) {
    throw new Error(
      "SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID",
    );
  }
  return twilioProvider({
    accountSid,
    authToken,
    from: process.env.TWILIO_FROM_NUMBER,
    messagingServiceSid: process.env.TWILIO_MESSAGING_SERVICE_SID,
    statusCallbackUrl: process.env.TWILIO_STATUS_CALLBACK_URL,
    baseUrl: process.env.TWILIO_API_BASE_URL ?? "https://api.twilio.com",
    timeoutMs: Number(process.env.SMS_PROVIDER_TIMEOUT_MS ?? 5000),
  });
}
