import { z } from "zod";
import type { JsonText } from "@/lib/query/json-text";

// POST /leads/batch and /properties/batch: up to 100 items, each a create or an upsert by
// externalId. The route checks only the list (1–100 items): each item is parsed on its own, so
// a bad item fails alone with its own validation_error and the others are written.

const BATCH_MAX_ITEMS = 100;

const items = (item: z.ZodType) =>
  z
    .array(item)
    .min(1, { error: `Send 1–${BATCH_MAX_ITEMS} items` })
    .max(BATCH_MAX_ITEMS, { error: `Send 1–${BATCH_MAX_ITEMS} items` });

/** What the route parses: the list; its items as sent. */
export const batchBodySchema = z.strictObject({ items: items(z.unknown()) });

/** An upsert's externalId: required, it names the record to update or create. */
export const upsertExternalId = z
  .string()
  .trim()
  .min(1, { error: "1–255 characters" })
  .max(255, { error: "1–255 characters" })
  .meta({ description: "Required for an upsert: the record it updates, or creates." });

/** One item: `create` (as POST would), or `upsert` (update the record holding `data.externalId`,
 * as PATCH would with every field sent, else create it). */
export function batchItemSchema<C extends z.ZodType, U extends z.ZodType>(create: C, upsert: U, name: string) {
  return z
    .discriminatedUnion("op", [
      z.strictObject({ op: z.literal("create"), data: create }),
      z.strictObject({ op: z.literal("upsert"), data: upsert }),
    ])
    .meta({ id: `${name}BatchItem` });
}

/** The documented body: the list with its items' own schema. */
export const batchBodyOf = (item: z.ZodType, name: string) =>
  z.strictObject({ items: items(item) }).meta({ id: `${name}Batch` });

/** One item written: 201 when it created the record, 200 when it updated one (an upsert by
 * externalId), with the record's public JSON. The services answer this; runBatch wraps it. */
export interface BatchItemOutcome {
  status: 200 | 201;
  data: object | JsonText<unknown>;
}
