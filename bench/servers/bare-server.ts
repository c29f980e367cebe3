// The benchmark's "what Node and PostgreSQL allow" reference: a bare node:http server doing the
// API's database work for GET /leads/:id and a list page (the key lookup with its account, then the
// lead and its 50 recent activities in the app's own statement, or a page of 100)
// on the same driver (postgres-js) with the same pool size as the app, without Next.js and
// without the rate limiter. Also serves the OFFSET page the API refuses to use, to show what
// keyset pagination saves.
//   PORT=3412 DATABASE_URL=… node --import tsx bench/servers/bare-server.ts
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import postgres from "postgres";
import { is, Placeholder, sql as drizzleSql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { DRIZZLE_CONFIG, poolSize } from "@/db/client";
import type { Lead } from "@/db/schema";
import { leadWithRecentActivitiesJson } from "@/lib/leads/get-lead-with-activities";
import { hashApiKey, isWellFormedApiKey } from "@/lib/keys/key-format";
import { toPublicLead } from "@/lib/leads/public-lead";

const sql = postgres(process.env.DATABASE_URL!, {
  max: poolSize(),
  connect_timeout: 2,
  idle_timeout: 30,
  onnotice: () => {},
  transform: { column: { from: postgres.toCamel } },
});

const HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, HEADERS);
  res.end(JSON.stringify(body));
}

function keyHashOf(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  return match && isWellFormedApiKey(match[1]) ? hashApiKey(match[1]) : null;
}

/** The same checks as lib/api/authenticate-api-key.ts, in one query. */
async function accountOf(keyHash: string): Promise<string | null> {
  const [row] = await sql<Array<{ accountId: string; plan: string; revokedAt: Date | null }>>`
    select a.id as account_id, a.plan, k.revoked_at
    from api_keys k join accounts a on a.id = k.account_id
    where k.key_hash = ${keyHash} limit 1`;
  return row && !row.revokedAt && row.plan === "agency" ? row.accountId : null;
}

// bigint arrives as a string from the driver; Drizzle's { mode: "number" } column converts it.
const publicLead = (row: Lead) => toPublicLead({ ...row, budget: row.budget === null ? null : Number(row.budget) });

// GET /leads/:id's statement is the app's own (lib/leads/get-lead-with-activities.ts: the lead
// with its 51 most recent activities, serialized by PostgreSQL from the public shapes), rendered to
// text once by Drizzle and run here as a prepared statement. Scenario 1 checks the two bodies are
// byte-equal.
const leadStatement = leadWithRecentActivitiesJson(
  drizzle.mock(DRIZZLE_CONFIG),
  drizzleSql.placeholder("accountId"),
  drizzleSql.placeholder("leadId"),
).toSQL();
// The statement's parameters in order: its two placeholders filled, its constants (the limit) as is.
const leadParams = (accountId: string, leadId: string) =>
  leadStatement.params.map((p): string | number =>
    is(p, Placeholder) ? { accountId, leadId }[p.name as "accountId" | "leadId"] : (p as string | number),
  );

// The key lookup, then the lead, like the app: nothing of the account is read before the key is.
async function getLead(res: ServerResponse, accountId: string, id: string) {
  // Drizzle names no output column (it reads rows by position): the one value is the body's data.
  const [row] = await sql.unsafe(leadStatement.sql, leadParams(accountId, id), { prepare: true }).values();
  if (!row) return send(res, 404, { error: { code: "not_found" } });
  res.writeHead(200, HEADERS);
  res.end(`{"data":${row[0] as string}}`);
}

async function listLeads(res: ServerResponse, accountId: string, limit: number, offset: number) {
  const rows = await sql<Lead[]>`
    select * from leads where account_id = ${accountId} and deleted_at is null
    order by created_at desc, id desc limit ${limit + 1} offset ${offset}`;
  send(res, 200, { data: rows.slice(0, limit).map(publicLead), meta: { hasMore: rows.length > limit, limit } });
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://bare");
  if (url.pathname === "/health") return send(res, 200, { ok: true });
  const keyHash = keyHashOf(req);
  if (!keyHash) return send(res, 401, { error: { code: "invalid_api_key" } });
  const accountId = await accountOf(keyHash);
  if (!accountId) return send(res, 401, { error: { code: "invalid_api_key" } });
  const lead = /^\/leads\/([^/]+)$/.exec(url.pathname);
  if (lead) return getLead(res, accountId, decodeURIComponent(lead[1]));
  if (url.pathname === "/leads") {
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get("limit") ?? 20)));
    return listLeads(res, accountId, limit, Math.max(0, Number(url.searchParams.get("offset") ?? 0)));
  }
  send(res, 404, { error: { code: "not_found" } });
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: Error) =>
    send(res, 500, { error: { code: "internal_error", message: error.message } }),
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3412), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  void sql.end({ timeout: 2 }).then(() => process.exit(0));
});
