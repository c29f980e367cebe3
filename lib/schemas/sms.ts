import { SMS_STATUSES } from "@/lib/domain/enums";
import { z } from "zod";
import { outputId, outputTimestamp } from "./common";

export const smsCreateSchema = z
  .strictObject({
    message: z.string().min(1, { error: "1–1,600 characters" }).max(1600, { error: "1–1,600 characters" }),
  })
  .meta({ id: "SmsCreate", example: { message: "Hi Ada, the viewing on Maple Ave is confirmed for Tuesday 3pm." } });

export const smsSchema = z
  .object({
    id: outputId("sms"),
    leadId: outputId("lead"),
    to: z.string().meta({ description: "E.164.", example: "+14155550123" }),
    message: z.string(),
    status: z.enum(SMS_STATUSES).meta({
      description:
        "`sent`, or `queued` where the provider accepts asynchronously; a `queued` message becomes `sent` or `failed` when the provider reports delivery (read it again at the POST's `Location`).",
    }),
    createdAt: outputTimestamp,
  })
  .meta({ id: "Sms" });

export const leadSmsParams = z.strictObject({
  id: z.string().min(1).max(100).meta({ description: "The lead's id (`lead_…`)." }),
  smsId: z.string().min(1).max(100).meta({ description: "The message's id (`sms_…`)." }),
});
