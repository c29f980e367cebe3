import { apiRoute } from "@/lib/api/handler";
import { routeMethods } from "@/lib/api/route-fallbacks";
import { runBatch } from "@/lib/api/run-batch";
import { propertyBatchItemSchema, writePropertyBatchItem } from "@/lib/properties/write-property-batch-item";
import * as operations from "./operations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/v1/properties/batch – up to 100 creates or upserts by externalId, each written (or
  // refused) alone; one result per item, in order
  POST: apiRoute(operations.batchProperties, async ({ apiKey, actor, body, requestId }) => {
    const account = { accountId: apiKey.accountId, currency: apiKey.currency };
    return {
      body: await runBatch({
        items: body.items,
        schema: propertyBatchItemSchema,
        chainKey: (item) => item.data.externalId ?? undefined,
        write: (item) => writePropertyBatchItem(account, item, actor),
        requestId,
      }),
    };
  }),
});
