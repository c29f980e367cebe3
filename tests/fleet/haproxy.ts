import { createConnection } from "node:net";
import path from "node:path";
import { spawnProc, waitFor, type Proc } from "./fleet-processes";

// HAProxy for the fleet test, with the config that ships as the documented example: its "${…}"
// values filled from the environment, its runtime API on a socket of the test's own.

const HAPROXY_CONFIG = path.resolve(__dirname, "../../scripts/haproxy/leadprop.cfg");

export interface HaproxyServer {
  backend: string;
  server: string;
  status: string;
}

/** haproxy in the foreground with the shipped config; `env` fills its "${…}" values. */
export async function startHaproxy(env: Record<string, string>): Promise<Proc> {
  const proc = spawnProc("haproxy", process.env.HAPROXY_PATH ?? "haproxy", ["-db", "-f", HAPROXY_CONFIG], env);
  await waitFor("haproxy's stats socket", proc, () => haproxyServers(env.LP_STATS_SOCKET), 10_000);
  return proc;
}

/** `show stat` on the runtime API: each server's state (UP, DOWN, "UP 1/2"…). */
export async function haproxyServers(socket: string): Promise<HaproxyServer[]> {
  const csv = await new Promise<string>((resolve, reject) => {
    const conn = createConnection(socket);
    let text = "";
    conn.on("data", (chunk) => (text += chunk));
    conn.on("end", () => resolve(text));
    conn.on("error", reject);
    conn.write("show stat\n");
  });
  const [header, ...rows] = csv.replace(/^# /, "").trim().split("\n");
  const columns = header.split(",");
  const at = (row: string[], name: string) => row[columns.indexOf(name)];
  return rows
    .map((line) => line.split(","))
    .filter((row) => !["FRONTEND", "BACKEND"].includes(at(row, "svname")))
    .map((row) => ({ backend: at(row, "pxname"), server: at(row, "svname"), status: at(row, "status") }));
}

export function waitForServerStatus(socket: string, server: string, status: "UP" | "DOWN", timeoutMs = 20_000) {
  return waitFor(
    `haproxy to see ${server} ${status}`,
    undefined,
    async () => (await haproxyServers(socket)).find((s) => s.server === server)?.status === status,
    timeoutMs,
  );
}

export interface HaproxyLogLine {
  server: string;
  status: number;
  retries: number;
  /** HAProxy's termination state ("----" for a normal end). */
  termination: string;
  request: string;
}

/** The httplog lines of `option httplog`: server, status, retries of every request. */
export function parseHaproxyLog(output: string): HaproxyLogLine[] {
  const lines: HaproxyLogLine[] = [];
  // … leadprop web/web1 0/0/0/3/3 200 123 - - ---- 1/1/0/0/0 0/0 "GET /api/v1/leads HTTP/1.1"
  const pattern =
    / \S+ (\S+)\/(\S+) [-\d]+\/[-\d]+\/[-\d]+\/[-\d]+\/[-+\d]+ (-?\d+) [+\d]+ \S+ \S+ (\S{4}) \d+\/\d+\/\d+\/\d+\/\+?(\d+) \d+\/\d+ "([^"]*)"/;
  for (const line of output.split("\n")) {
    const match = line.match(pattern);
    if (match)
      lines.push({
        server: match[2],
        status: Number(match[3]),
        termination: match[4],
        retries: Number(match[5]),
        request: match[6],
      });
  }
  return lines;
}
