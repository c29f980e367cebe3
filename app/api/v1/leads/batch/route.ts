import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { runBatch } from "@/lib/api/run-batch";
import { leadBatchItemSchema, writeLeadBatchItem } from "@/lib/leads/write-lead-batch-item";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/v1/leads/batch – up to 100 creates or upserts by externalId, each written (or
  // refused) alone; one result per item, in order
  POST: apiRoute(operations.batchLeads, async ({ apiKey, actor, body, requestId }) => {
    const account = {
      accountId: apiKey.accountId,
      defaultCountry: apiKey.defaultCountry,
      hasRequiredLeadCustomFields: apiKey.hasRequiredLeadCustomFields,
      routingVersion: apiKey.routingVersion,
    };
    return {
      body: await runBatch({
        items: body.items,
        schema: leadBatchItemSchema,
        chainKey: (item) => item.data.externalId ?? undefined,
        write: (item) => writeLeadBatchItem(account, item, actor),
        requestId,
      }),
    };
  }),
});
