import { z } from "zod";
import { CONSENT_STATUSES } from "@/lib/domain/enums";
import { outputTimestamp, timestampSchema } from "./common";

// The lead's SMS consent record (TCPA): what a regulator asks to see. Every change is an
// `sms_consent_changed` activity with the old and new record (lib/leads/consent-record.ts).

const consentStatusSchema = z.enum(CONSENT_STATUSES).meta({
  description:
    "`granted`: the lead agreed to be texted; `revoked`: they withdrew it (e.g. replied STOP); `unknown`: nothing recorded.",
});

const smsConsentSchema = z
  .object({
    status: consentStatusSchema,
    at: outputTimestamp.nullable().meta({ description: "When the lead granted or revoked it." }),
    source: z
      .string()
      .nullable()
      .meta({ description: "How: e.g. `web form`, `verbal`, `SMS reply STOP`.", example: "web form" }),
    text: z.string().nullable().meta({ description: "The words the lead agreed to (or their reply)." }),
    ip: z.string().nullable().meta({ description: "The address the lead agreed from, when known." }),
  })
  .meta({ id: "SmsConsent" });

export const leadConsentSchema = z.object({ sms: smsConsentSchema }).meta({
  id: "LeadConsent",
  description:
    "The lead's SMS consent record. A lead whose consent is `revoked` is not texted (422 `consent_required`); with the account's require-consent setting on, only `granted` is.",
});

// A consent given a little ahead of the server's clock (a form's device) is fine; a future one
// is not a record of something that happened.
const CLOCK_SKEW_MS = 5 * 60_000;

const smsConsentInput = z
  .strictObject({
    status: consentStatusSchema,
    at: timestampSchema
      .nullable()
      .optional()
      .refine((value) => value == null || Date.parse(value) <= Date.now() + CLOCK_SKEW_MS, {
        error: "Must not be in the future",
      })
      .meta({ description: "When the lead granted or revoked it; now when omitted. Not in the future." }),
    source: z.string().trim().min(1).max(200, { error: "At most 200 characters" }).nullable().optional().meta({
      description: "How the lead agreed or withdrew: `web form`, `verbal`, `paper form`…",
      example: "web form",
    }),
    text: z.string().max(2_000, { error: "At most 2,000 characters" }).nullable().optional().meta({
      description: "The words the lead agreed to, as they saw them.",
      example: "I agree to receive text messages from Harbor Realty about my inquiry.",
    }),
    ip: z.union([z.ipv4(), z.ipv6()], { error: "Must be an IPv4 or IPv6 address" }).nullable().optional().meta({
      description: "The address the lead agreed from (your web form's client), when known.",
      example: "203.0.113.7",
    }),
  })
  // "unknown" is the absence of a record: it has no time, source, words or address.
  .refine((value) => value.status !== "unknown" || (!value.at && !value.source && !value.text && !value.ip), {
    error: "`unknown` takes no at, source, text or ip",
  });

export const leadConsentInput = z.strictObject({ sms: smsConsentInput }).meta({
  id: "LeadConsentInput",
  description:
    "Records the lead's SMS consent (each change is an `sms_consent_changed` activity). A lead who replied STOP can only be granted again by texting START (409 `opt_out_by_recipient`).",
  example: { sms: { status: "granted", source: "web form", text: "I agree to receive texts about my inquiry." } },
});
export type LeadConsentInput = z.output<typeof leadConsentInput>;
