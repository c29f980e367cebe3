import { SmsProviderFailure, type SmsProvider } from "./sms-provider";

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  /** Where Twilio reports delivery (our /api/webhooks/twilio/status, as Twilio reaches it). */
  statusCallbackUrl?: string;
  /** Overridable so tests can point it at a local fake of Twilio's API. */
  baseUrl: string;
  timeoutMs: number;
}

// Twilio's Messages REST API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded,
// HTTP basic auth. Twilio accepts asynchronously, so a success is "queued".
export function twilioProvider(config: TwilioConfig): SmsProvider {
  const url = `${config.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name: "twilio",
    async send({ to, body, from }) {
      const form = new URLSearchParams({ To: to, Body: body });
      // An account's own number (in the Messaging Service's pool, when there is one) is where the
      // lead's replies come back to: lib/sms/route-inbound-sms.ts.
      if (config.messagingServiceSid) form.set("MessagingServiceSid", config.messagingServiceSid);
      const sender = from ?? (config.messagingServiceSid ? undefined : config.from);
      if (sender) form.set("From", sender);
      if (config.statusCallbackUrl) form.set("StatusCallback", config.statusCallbackUrl);
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { Authorization: auth, "Content-Type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === "TimeoutError";
        throw new SmsProviderFailure(
          timedOut
            ? `Twilio did not answer within ${config.timeoutMs} ms`
            : `Twilio unreachable: ${(error as Error).message}`,
        );
      }
      const payload = (await response.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
      if (!response.ok)
        throw new SmsProviderFailure(
          `Twilio answered ${response.status}${payload.code ? ` (code ${payload.code})` : ""}: ${payload.message ?? "no message"}`,
        );
      return { status: "queued", providerMessageId: payload.sid ?? null };
    },
  };
}
