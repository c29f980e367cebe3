import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A throwaway PostgreSQL cluster that a test may stop and start: never the shared server.
// Runs as the postgres user (the server refuses root) on its own port and socket folder.

const PG_BIN = `/usr/lib/postgresql/${readdirSync("/usr/lib/postgresql").sort().at(-1)}/bin`;

function asPostgres(args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [cmd, ...rest] = isRoot ? ["runuser", "-u", "postgres", "--", ...args] : args;
  return execFileSync(cmd, rest, { stdio: "pipe", timeout: 60_000 }).toString();
}

export interface ScratchPostgres {
  url: string;
  stop: () => void;
  start: () => void;
  destroy: () => void;
}

export function createScratchPostgres(port: number): ScratchPostgres {
  const dir = mkdtempSync(path.join(tmpdir(), "lpm-pg-"));
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString()),
      Number(execFileSync("id", ["-g", "postgres"]).toString()),
    );
  const data = path.join(dir, "data");
  asPostgres([`${PG_BIN}/initdb`, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () =>
    void asPostgres([`${PG_BIN}/pg_ctl`, "-D", data, "-o", options, "-w", "-l", path.join(dir, "log"), "start"]);
  const stop = () => void asPostgres([`${PG_BIN}/pg_ctl`, "-D", data, "-m", "immediate", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
