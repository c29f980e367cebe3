import { encode } from "next-auth/jwt";
import { newId } from "@/lib/ids/new-id";
import { SESSION_ABSOLUTE_MS } from "@/lib/auth/sessions/session-lifetime";
import type { BenchContext } from "../lib/context";
import { progress } from "../lib/log";
import { rssMb } from "../lib/proc-stat";
import type { Server } from "../lib/processes";
import { round } from "../lib/stats";

// Scenario 11 (issue 21): Leads → Export CSV of every lead of the bench account (1,000,000; 50,000
// on --quick), as a browser downloads it: GET /leads/export with the owner's session cookie, read
// to the end. The server's resident memory is sampled every 100 ms while it streams; the growth
// is the peak over the baseline. Target: < 100 MB (the file is some 180 MB: a server that built it
// in memory would grow by more than that). The baseline is a warm server, as in scenario 6: the
// same export is run once before, since a cold server's heap grows to its working size on its
// first busy minute whatever the work (the young generation alone to 2 × `--max-semi-space-size=32`;
// an export of a seventh of the leads left it some 110 MB short). The growth of that first export
// over the cold server is reported beside it, and the RSS after: back at the baseline, nothing of
// the file is kept.
// The bench owner's password is random (db seed-bulk), so the bench signs the session itself, as
// next-auth would after a sign-in: a session row, and a JWT naming it under the NEXTAUTH_SECRET it
// gives the app (bench/run.ts).

export const EXPORT_EXTRA = "11 CSV export of every lead (GET /leads/export, next start)";

export interface ExportExtra {
  leads: number;
  rows: number;
  megabytes: number;
  seconds: number;
  rowsPerSecond: number;
  firstByteMs: number;
  chunks: number;
  rssColdMb: number;
  rssGrowthFromColdMb: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  rssGrowthMb: number;
}

const SAMPLE_MS = 100;

async function ownerCookie(ctx: BenchContext): Promise<string> {
  const [owner] = await ctx.sql<Array<{ id: string; name: string; email: string }>>`
    select u.id, u.name, u.email
    from memberships m join users u on u.id = m.user_id
    where m.account_id = ${ctx.db.accountId} and m.role = 'owner' order by m.created_at limit 1`;
  if (!owner) throw new Error("the bench account has no owner");
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set (bench/run.ts sets it for the app servers)");
  const sessionId = newId("userSession");
  const now = new Date();
  await ctx.sql`
    insert into user_sessions (id, user_id, expires_at, last_seen_at, created_at)
    values (${sessionId}, ${owner.id}, ${new Date(now.getTime() + SESSION_ABSOLUTE_MS)}, ${now}, ${now})`;
  const token = await encode({
    secret,
    token: {
      sub: owner.id,
      name: owner.name,
      email: owner.email,
      userId: owner.id,
      accountId: ctx.db.accountId,
      role: "owner",
      sessionId,
    },
  });
  return `next-auth.session-token=${token}`;
}

/** Reads the whole export; counts its bytes, lines and chunks. */
async function download(app: Server, cookie: string, query = "") {
  const started = performance.now();
  const res = await fetch(`${app.url}/leads/export${query}`, { headers: { cookie }, redirect: "manual" });
  if (res.status !== 200 || !res.body)
    throw new Error(`GET /leads/export answered ${res.status}; see bench/results/logs/${app.name}.log`);
  const reader = res.body.getReader();
  let bytes = 0;
  let lines = 0;
  let chunks = 0;
  let firstByteMs = 0;
  // Records end in CRLF (a quoted newline inside a cell is a bare LF); the network may split one
  // between two chunks, so the CR that ended the last chunk counts too.
  let endedInCr = false;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (chunks === 0) firstByteMs = performance.now() - started;
    chunks++;
    const chunk = read.value;
    bytes += chunk.length;
    if (endedInCr && chunk[0] === 10) lines++;
    for (let i = chunk.indexOf(13); i !== -1; i = chunk.indexOf(13, i + 1)) if (chunk[i + 1] === 10) lines++;
    endedInCr = chunk[chunk.length - 1] === 13;
  }
  return { bytes, rows: lines - 1, chunks, firstByteMs, seconds: (performance.now() - started) / 1000 };
}

/** One full download, with the server's RSS sampled while it streams. */
async function measuredDownload(app: Server, cookie: string) {
  const before = rssMb(app.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(app.pid));
  }, SAMPLE_MS);
  try {
    const result = await download(app, cookie);
    const after = rssMb(app.pid);
    return { ...result, before, peak: Math.max(peak, after), after };
  } finally {
    clearInterval(sampler);
  }
}

export async function exportScenario(ctx: BenchContext, app: Server): Promise<ExportExtra> {
  const cookie = await ownerCookie(ctx);
  const [{ leads }] = await ctx.sql<Array<{ leads: number }>>`
    select count(*)::int as leads from leads where account_id = ${ctx.db.accountId} and deleted_at is null`;
  progress(`11 export: ${leads.toLocaleString("en-US")} leads, twice (the first warms the server)`);
  const first = await measuredDownload(app, cookie);
  progress(
    `11 export: first, cold: ${first.seconds.toFixed(1)} s; RSS ${first.before.toFixed(0)} → peak ${first.peak.toFixed(0)} → ${first.after.toFixed(0)} MB`,
  );
  const result = await measuredDownload(app, cookie);
  for (const { rows } of [first, result])
    if (rows !== leads) throw new Error(`the export held ${rows} rows, not ${leads}`);
  progress(
    `11 export: ${result.rows.toLocaleString("en-US")} rows, ${(result.bytes / 1e6).toFixed(0)} MB in ${result.seconds.toFixed(1)} s; RSS ${result.before.toFixed(0)} → peak ${result.peak.toFixed(0)} (+${(result.peak - result.before).toFixed(0)} MB) → ${result.after.toFixed(0)} MB`,
  );
  return {
    leads,
    rows: result.rows,
    megabytes: round(result.bytes / 1e6, 1),
    seconds: round(result.seconds, 1),
    rowsPerSecond: Math.round(result.rows / result.seconds),
    firstByteMs: Math.round(result.firstByteMs),
    chunks: result.chunks,
    rssColdMb: round(first.before, 1),
    rssGrowthFromColdMb: round(first.peak - first.before, 1),
    rssBeforeMb: round(result.before, 1),
    rssPeakMb: round(result.peak, 1),
    rssAfterMb: round(result.after, 1),
    rssGrowthMb: round(result.peak - result.before, 1),
  };
}
