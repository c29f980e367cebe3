import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { properties } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { ApiError } from "@/lib/errors/api-error";
import { batchItemSchema, upsertExternalId, type BatchItemOutcome } from "@/lib/schemas/batch-writes";
import { propertyCreateSchema } from "@/lib/schemas/properties";
import type { z } from "zod";
import { createProperty } from "./create-property";
import { updateProperty } from "./update-property";

export const propertyBatchItemSchema = batchItemSchema(
  propertyCreateSchema,
  propertyCreateSchema.extend({ externalId: upsertExternalId }),
  "Property",
);
export type PropertyBatchItem = z.output<typeof propertyBatchItemSchema>;

async function propertyIdByExternalId(accountId: string, externalId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.accountId, accountId), eq(properties.externalId, externalId)))
    .limit(1);
  return row?.id;
}

/** One item of POST /properties/batch, written as POST /properties or PATCH /properties/:id would. */
export async function writePropertyBatchItem(
  account: { accountId: string; currency: string },
  item: PropertyBatchItem,
  actor: Actor,
): Promise<BatchItemOutcome> {
  if (item.op === "create") return { status: 201, data: await createProperty(account, item.data, actor) };
  const update = async (id: string) => ({
    status: 200 as const,
    data: await updateProperty(account.accountId, id, item.data, actor),
  });
  const existing = await propertyIdByExternalId(account.accountId, item.data.externalId);
  if (existing) return update(existing);
  try {
    return { status: 201, data: await createProperty(account, item.data, actor) };
  } catch (error) {
    // Another request created it since the lookup: update what it created.
    if (!(error instanceof ApiError && error.code === "external_id_taken")) throw error;
    const created = await propertyIdByExternalId(account.accountId, item.data.externalId);
    if (!created) throw error;
    return update(created);
  }
}
