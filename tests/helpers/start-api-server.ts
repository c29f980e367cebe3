import { TEST_REDIS_URL } from "./rate-limit-env";
import { spawnTsx, type Spawned } from "./spawn-process";

export interface ApiServer extends Spawned {
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
}

/** Starts tests/helpers/api-server.ts (the real /api/v1 handlers behind node:http, in a process of
 * its own) on this process's test database and the test Redis; `env` adds to or overrides that. */
export async function startApiServer(env: Record<string, string> = {}): Promise<ApiServer> {
  const started = await spawnTsx(
    "tests/helpers/api-server.ts",
    {
      DATABASE_URL: process.env.DATABASE_URL!,
      REDIS_URL: TEST_REDIS_URL,
      UPSTASH_REDIS_REST_URL: "",
      LOG_LEVEL: "warn",
      ...env,
    },
    /listening (\d+)/,
  );
  const port = Number(started.match[1]);
  return { child: started.child, output: started.output, port, base: `http://127.0.0.1:${port}` };
}
