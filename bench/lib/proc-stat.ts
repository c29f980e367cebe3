import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

// CPU time and memory of a server process (and any children it forked), read from /proc: what
// the server spent, whatever else the shared machine is doing.

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
const PAGE_BYTES = Number(execFileSync("getconf", ["PAGESIZE"]).toString().trim()) || 4096;

interface ProcStat {
  ppid: number;
  cpuTicks: number;
  rssPages: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: the fields after it start past its ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, rss 24.
    return { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]), rssPages: Number(fields[21]) };
  } catch {
    return undefined;
  }
}

/** The pid and every live descendant. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (!stat) continue;
    children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** user + system CPU milliseconds of the process tree so far. */
export function cpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) ticks += readStat(p)?.cpuTicks ?? 0;
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Resident memory of the process tree, in MB. */
export function rssMb(pid: number): number {
  let pages = 0;
  for (const p of processTree(pid)) pages += readStat(p)?.rssPages ?? 0;
  return (pages * PAGE_BYTES) / (1024 * 1024);
}

/** user + system CPU milliseconds of one process so far (undefined once it has exited), and its
 * parent's pid. */
export function processCpu(pid: number): { ms: number; ppid: number } | undefined {
  const stat = readStat(pid);
  return stat && { ms: (stat.cpuTicks * 1000) / CLOCK_TICKS, ppid: stat.ppid };
}
