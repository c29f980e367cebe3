import type postgres from "postgres";
import type { BenchDatabase } from "./bench-database";
import type { BenchOptions } from "./options";
import type { Server } from "./processes";

// What every scenario gets: the options, the seeded database (and a connection of the bench's
// own, for fixtures such as lead ids and deep cursors), the reference servers and the key pool.

export interface BenchContext {
  options: BenchOptions;
  db: BenchDatabase;
  sql: postgres.Sql;
  redisUrl: string;
  upstash: { url: string; token: string };
  bare: Server;
  /** Next API key, round-robin over every seeded key, shared by all scenarios so that no key
   * gets near its 100 requests a minute. */
  nextKey: () => string;
  /** A sample of live lead ids of the bench account. */
  leadIds: string[];
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
