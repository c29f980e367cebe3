// Test helper: one app process for the cross-process rate limit test, using the real
// lib/rate-limit with the store its environment selects. Usage:
//   node --import tsx tests/helpers/rate-limit-worker.ts <calls> <keyId> [<keyId> ...]
// Prints `ready`, then for each key id: waits for a `go` line on stdin, fires <calls> concurrent
// limitApiKey(keyId) calls and prints one JSON line {keyId, kind, admitted, denied, ms}. The
// parent sends `go` to every worker at once, so the bursts of all processes overlap.
import { createInterface } from "node:readline";
import { limitApiKey, rateLimitStoreKind, resetRateLimiterForTests } from "@/lib/rate-limit/limit-api-key";

async function main() {
  const [callsArg, ...keyIds] = process.argv.slice(2);
  const calls = Number(callsArg);
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  process.stdout.write("ready\n");
  for (const keyId of keyIds) {
    await lines.next();
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: calls }, () => limitApiKey(keyId)));
    const admitted = results.filter((r) => r.success).length;
    const ms = Math.round(performance.now() - started);
    process.stdout.write(
      `${JSON.stringify({ keyId, kind: rateLimitStoreKind(), admitted, denied: calls - admitted, ms })}\n`,
    );
  }
  await resetRateLimiterForTests();
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
