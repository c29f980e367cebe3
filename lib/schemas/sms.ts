import { z } from "zod";
import { SMS_STATUSES } from "@/db/schema/sms-messages";

export const smsCreateSchema = z
  .strictObject({
    message: z.string().min(1, { error: "1–1,600 characters" }).max(1600, { error: "1–1,600 characters" }),
  })
  .meta({ id: "SmsCreate", example: { message: "Hi Ada, the viewing on Maple Ave is confirmed for Tuesday 3pm." } });
export type SmsCreateInput = z.output<typeof smsCreateSchema>;

export const smsSchema = z
  .object({
    id: z.string().meta({ example: "sms_01jf3v6q2m8k4x5y7z9a0b1c2d" }),
    leadId: z.string(),
    to: z.string().meta({ description: "E.164.", example: "+14155550123" }),
    message: z.string(),
    status: z.enum(SMS_STATUSES).meta({ description: "`sent`, or `queued` where the provider accepts asynchronously; `failed` only appears in the web UI's outbox." }),
    createdAt: z.string(),
  })
  .meta({ id: "Sms" });
