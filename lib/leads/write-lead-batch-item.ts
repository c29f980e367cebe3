import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { ApiError } from "@/lib/errors/api-error";
import { batchItemSchema, upsertExternalId, type BatchItemOutcome } from "@/lib/schemas/batch-writes";
import { leadCreateSchema } from "@/lib/schemas/leads";
import type { z } from "zod";
import { createLeadJson } from "./create-lead";
import type { LeadAccountContext } from "./prepare-lead-fields";
import { updateLead } from "./update-lead";

export const leadBatchItemSchema = batchItemSchema(
  leadCreateSchema,
  leadCreateSchema.extend({ externalId: upsertExternalId }),
  "Lead",
);
export type LeadBatchItem = z.output<typeof leadBatchItemSchema>;

async function liveLeadIdByExternalId(accountId: string, externalId: string): Promise<string | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.accountId, accountId), eq(leads.externalId, externalId), isNull(leads.deletedAt)))
    .limit(1);
  return row?.id;
}

/** One item of POST /leads/batch, written as POST /leads or PATCH /leads/:id would write it. */
export async function writeLeadBatchItem(
  account: LeadAccountContext,
  item: LeadBatchItem,
  actor: Actor,
): Promise<BatchItemOutcome> {
  if (item.op === "create") return { status: 201, data: (await createLeadJson(account, item.data, actor)).json };
  const existing = await liveLeadIdByExternalId(account.accountId, item.data.externalId);
  if (existing) return { status: 200, data: await updateLead(account, existing, item.data, actor) };
  try {
    return { status: 201, data: (await createLeadJson(account, item.data, actor)).json };
  } catch (error) {
    // Another request created it since the lookup: update what it created.
    if (!(error instanceof ApiError && error.code === "external_id_taken")) throw error;
    const created = await liveLeadIdByExternalId(account.accountId, item.data.externalId);
    if (!created) throw error;
    return { status: 200, data: await updateLead(account, created, item.data, actor) };
  }
}
