// The Upstash REST protocol in front of the local Redis (tests/helpers/upstash-rest-front.ts),
// in a process of its own so that its CPU is not the app's or the load generator's, as a real
// Upstash is elsewhere. The app reaches it through UPSTASH_REDIS_REST_URL/TOKEN.
//   PORT=3413 REDIS_URL=redis://127.0.0.1:6379 URS_TOKEN=… node --import tsx bench/servers/upstash-front.ts
import { startUpstashRestFront } from "@/tests/helpers/upstash-rest-front";

async function main() {
  const front = await startUpstashRestFront({
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    token: process.env.URS_TOKEN ?? "bench-token",
    port: Number(process.env.PORT ?? 3413),
  });
  process.stdout.write(`upstash rest front on ${front.url}\n`);
  process.on("SIGTERM", () => void front.close().then(() => process.exit(0)));
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
