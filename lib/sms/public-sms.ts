import type { z } from "zod";
import { smsMessages } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { smsSchema } from "@/lib/schemas/sms";

// The provider, its message id and its error are for staff (the Messages page): not in smsSchema, so
// never in the API.
export type PublicSms = z.output<typeof smsSchema>;

export const toPublicSms = definePublicShape(smsSchema, smsMessages).fromRow;
