import type { z } from "zod";
import { JsonText } from "@/lib/query/json-text";
import type { BatchItemOutcome } from "@/lib/schemas/batch-writes";
import { parseWith } from "./parse-input";
import { toApiError } from "./respond";
import { errorBody } from "@/lib/errors/error-body";

// A batch's items, each parsed, written and answered on its own: one item's failure (invalid,
// not found, external_id_taken, even a 500) is that item's result, and the others are written.
// Each item is the single call's own write: its own statement or transaction, with the same
// activities and events. Independent statements rather than savepoints in one transaction:
// several run at once on the pool's connections, where savepoints would take turns on one
// (bench/README.md, scenario "bulk"). Items naming the same externalId run in order, so the
// second of two upserts of one id updates what the first created.

/** Chains of items in flight at once. postgres-js pipelines queries on a busy connection, so 8
 * fit a pool of 5 or 10 and other requests still get through; 8 wrote a batch of 100 about a
 * fifth faster than 4 (bench scenario 8, --quick: ×6.9–10.6 the single POSTs against ×7.3–8.4). */
const CONCURRENCY = 8;

export async function runBatch<T>(spec: {
  items: unknown[];
  schema: z.ZodType<T>;
  /** Items with the same key run one after another, in order; undefined runs alone. */
  chainKey: (item: T) => string | undefined;
  write: (item: T) => Promise<BatchItemOutcome>;
  requestId: string;
}): Promise<JsonText<{ data: unknown[] }>> {
  const results: string[] = new Array(spec.items.length);
  const failed = (index: number, thrown: unknown) => {
    const error = toApiError(thrown, spec.requestId);
    results[index] = JSON.stringify({ status: error.status, error: errorBody(error, spec.requestId).error });
  };
  const chains = new Map<string, { index: number; item: T }[]>();
  spec.items.forEach((raw, index) => {
    let item: T;
    try {
      item = parseWith(spec.schema, raw, "item");
    } catch (thrown) {
      return failed(index, thrown);
    }
    const key = spec.chainKey(item);
    const chainId = key === undefined ? `item:${index}` : `key:${key}`;
    chains.set(chainId, [...(chains.get(chainId) ?? []), { index, item }]);
  });
  const queue = [...chains.values()];
  const worker = async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      for (const { index, item } of chain) {
        try {
          const { status, data } = await spec.write(item);
          const json = data instanceof JsonText ? data.text : JSON.stringify(data);
          results[index] = `{"status":${status},"data":${json}}`;
        } catch (thrown) {
          failed(index, thrown);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return new JsonText(`{"data":[${results.join(",")}]}`);
}
