import { after } from "next/server";

// Promises already handed to `after()`: a batch's promise is shared by all its requests
// (lib/api/write-batcher.ts) and needs handing over only once.
const handedOver = new WeakSet<Promise<unknown>>();

/** Keeps the server (a serverless function, say) alive until `work` settles, without holding
 * the response: next/server `after`, given the promise (its function form binds the request's
 * async context and queues a callback per call: several times the cost). Outside a Next request
 * scope (route handlers called directly by tests or scripts) there is nothing to keep alive. */
export function keepAliveUntil(work: Promise<unknown> | undefined): void {
  if (!work || handedOver.has(work)) return;
  handedOver.add(work);
  try {
    after(work);
  } catch {
    // Not in a request scope.
  }
}
