import { z } from "zod";
import { errorEnvelopeSchema } from "./error-responses";

// What a batch answers: one result per item, in the items' order. A written item has the status
// the single call would have answered (201 created, 200 updated) and the record as `data`; a
// refused one its status and the very `error` object a single call would have answered with.

export const batchResultsSchema = (data: z.ZodType, name: string) =>
  z
    .array(
      z.union([
        z.object({
          status: z
            .union([z.literal(200), z.literal(201)])
            .meta({ description: "201: created; 200: an upsert updated the record holding its externalId." }),
          data,
        }),
        z.object({
          status: z.number().int().min(400).max(599).meta({ description: "The status a single call would answer." }),
          error: errorEnvelopeSchema.shape.error,
        }),
      ]),
    )
    .meta({ id: `${name}BatchResults`, description: "One result per item, in the items' order." });

export const BATCH_DESCRIPTION =
  "Up to 100 items in one request, each `create` (as the single POST) or `upsert` (the record whose `externalId` is `data.externalId` is updated as PATCH would update it with every field sent, else created). Each item is written alone, with the same activities and events as the single call, and fails alone: the answer is 200 with one result per item, in order, `{status, data}` or `{status, error}`, where `error` is what the single call would have answered (a bad item's `validation_error` lists its own problems, with paths such as `data.email`; another account's id is that item's 404 `not_found`; a taken `externalId` its 409 `external_id_taken`). Items naming the same `externalId` are written in order. The batch counts as one request toward the rate limit, and one `Idempotency-Key` covers it all. No items, or more than 100, is a 400 `validation_error` and writes nothing.";
