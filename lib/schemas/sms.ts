import { SMS_DIRECTIONS, SMS_STATUSES } from "@/lib/domain/enums";
import { z } from "zod";
import { outputId, outputTimestamp, paginationQuery, timestampSchema } from "./common";

export const smsCreateSchema = z
  .strictObject({
    message: z.string().min(1, { error: "1–1,600 characters" }).max(1600, { error: "1–1,600 characters" }),
    sendAt: timestampSchema.optional().meta({
      description:
        'Send later, at this time (in the future). Moved to 08:00 the lead\'s time when it falls in their quiet hours. The answer is then 202 with `status: "scheduled"`.',
      example: "2026-12-01T15:00:00.000Z",
    }),
    ignoreQuietHours: z.boolean().optional().meta({
      description:
        "Send now although it is quiet hours (before 08:00 or from 21:00) in the lead's local time. Only for a reply to a lead who sent you a message in the last 24 hours (else 422 `quiet_hours_override_not_allowed`); each use is in the audit log. Not with `sendAt`.",
    }),
  })
  .refine((body) => !(body.sendAt && body.ignoreQuietHours), {
    error: "Give sendAt or ignoreQuietHours, not both",
    path: ["ignoreQuietHours"],
  })
  .meta({ id: "SmsCreate", example: { message: "Hi Ada, the viewing on Maple Ave is confirmed for Tuesday 3pm." } });

export const smsSchema = z
  .object({
    id: outputId("sms"),
    leadId: outputId("lead"),
    direction: z.enum(SMS_DIRECTIONS).meta({
      description: "`outbound`: sent to the lead; `inbound`: the lead's message to you.",
      example: "outbound",
    }),
    to: z.string().meta({
      description: "E.164. Outbound: the lead's phone; inbound: your number the lead wrote to.",
      example: "+14155550123",
    }),
    from: z.string().nullable().meta({
      description: "Inbound: the lead's number the message came from (E.164). Null for outbound.",
      example: null,
    }),
    message: z.string(),
    status: z.enum(SMS_STATUSES).meta({
      description:
        "Outbound: `sent`, or `queued` where the provider accepts asynchronously; a `queued` message becomes `sent` or `failed` when the provider reports delivery (read it again at the POST's `Location`). `scheduled`: held until `sendAt` (quiet hours, or an explicit `sendAt`), then sent; `cancelled`: cancelled before it went out. Inbound: `received`.",
    }),
    sendAt: outputTimestamp.nullable().meta({
      description:
        "A scheduled message: when it goes out (08:00 the lead's time when quiet hours held it). Null for a message sent at once and for inbound messages.",
      example: null,
    }),
    createdAt: outputTimestamp,
  })
  .meta({ id: "Sms" });

export const leadSmsParams = z.strictObject({
  id: z.string().min(1).max(100).meta({ description: "The lead's id (`lead_…`)." }),
  smsId: z.string().min(1).max(100).meta({ description: "The message's id (`sms_…`)." }),
});

export const leadSmsListQuery = z.strictObject({
  ...paginationQuery,
  sort: z
    .enum(["-createdAt", "createdAt"])
    .default("-createdAt")
    .meta({ description: "By `createdAt` only; `createdAt` reads a conversation oldest first." }),
  direction: z
    .enum(SMS_DIRECTIONS)
    .optional()
    .meta({ description: "Only messages sent (`outbound`) or received (`inbound`)." }),
});
export type LeadSmsListQuery = z.output<typeof leadSmsListQuery>;
