// Test helper: one app process for the cross-process rate limit test, using the real
// lib/rate-limit limiter, on the store its environment selects, as the app opens it. Usage:
//   node --import tsx tests/helpers/rate-limit-worker.ts <calls> <keyId> [<keyId> ...]
// Prints `ready`, then for each key id: waits for a `go` line on stdin, fires <calls> concurrent
// limit(keyId) calls and prints one JSON line {keyId, kind, admitted, denied, ms}. The
// parent sends `go` to every worker at once, so the bursts of all processes overlap.
import { createInterface } from "node:readline";
import { openApiKeyLimiter, type ApiKeyLimiter } from "@/lib/rate-limit/limit-api-key";

async function main() {
  const [callsArg, ...keyIds] = process.argv.slice(2);
  const calls = Number(callsArg);
  let limiter: ApiKeyLimiter | undefined;
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  process.stdout.write("ready\n");
  for (const keyId of keyIds) {
    await lines.next();
    // Opened at the first `go`, as the app opens it at its first request: the first burst
    // meets a store still connecting.
    const opened = (limiter ??= openApiKeyLimiter());
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: calls }, () => opened.limit(keyId)));
    const admitted = results.filter((r) => r.success).length;
    const ms = Math.round(performance.now() - started);
    process.stdout.write(`${JSON.stringify({ keyId, kind: opened.kind, admitted, denied: calls - admitted, ms })}\n`);
  }
  await limiter?.close();
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
