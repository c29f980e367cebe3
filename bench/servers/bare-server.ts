// The benchmark's "what Node and PostgreSQL allow" reference: a bare node:http server doing the
// API's database work for GET /leads/:id and a list page (key lookup with its account, then the
// lead and its 50 recent activities, or a page of 100) on the same driver (postgres-js) with the
// same pool size as the app, without Next.js and without the rate limiter. Also serves the
// OFFSET page the API refuses to use, to show what keyset pagination saves.
//   PORT=3412 DATABASE_URL=… node --import tsx bench/servers/bare-server.ts
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import postgres from "postgres";
import { poolSize } from "@/db/client";
import type { Activity, Lead } from "@/db/schema";
import { hashApiKey, isWellFormedApiKey } from "@/lib/api-keys/key-format";
import { toPublicActivity } from "@/lib/activities/to-public-activity";
import { toPublicLead } from "@/lib/leads/to-public-lead";

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

/** The same checks as lib/api/authenticate-api-key.ts, in one query. */
async function accountOf(req: IncomingMessage): Promise<string | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
  if (!match || !isWellFormedApiKey(match[1])) return null;
  const [row] = await sql<Array<{ accountId: string; plan: string; revokedAt: Date | null }>>`
    select a.id as account_id, a.plan, k.revoked_at
    from api_keys k join accounts a on a.id = k.account_id
    where k.key_hash = ${hashApiKey(match[1])} limit 1`;
  return row && !row.revokedAt && row.plan === "agency" ? row.accountId : null;
}

// bigint arrives as a string from the driver; Drizzle's { mode: "number" } column converts it.
const publicLead = (row: Lead) => toPublicLead({ ...row, budget: row.budget === null ? null : Number(row.budget) });

// One statement, like the app's (lib/leads/get-lead-with-activities.ts): the lead with its 51
// most recent activities, here as a JSON array the driver parses in one go.
type ActivityJson = { id: string; account_id: string; lead_id: string; type: Activity["type"]; summary: string; data: Record<string, unknown>; actor_type: Activity["actorType"]; actor_id: string | null; actor_name: string; created_at: string };

async function getLead(res: ServerResponse, accountId: string, id: string) {
  const [lead] = await sql<Array<Lead & { recent: ActivityJson[] }>>`
    select l.*, coalesce((
      select json_agg(a order by a.created_at desc, a.id desc) from (
        select * from activities where lead_id = l.id and account_id = l.account_id
        order by created_at desc, id desc limit 51) a), '[]') as recent
    from leads l where l.id = ${id} and l.account_id = ${accountId} and l.deleted_at is null limit 1`;
  if (!lead) return send(res, 404, { error: { code: "not_found" } });
  const recent: Activity[] = lead.recent.map((a) => ({
    id: a.id, accountId: a.account_id, leadId: a.lead_id, type: a.type, summary: a.summary, data: a.data,
    actorType: a.actor_type, actorId: a.actor_id, actorName: a.actor_name, createdAt: new Date(a.created_at),
  }));
  send(res, 200, { data: { ...publicLead(lead), activities: recent.slice(0, 50).map(toPublicActivity), activitiesHasMore: recent.length > 50 } });
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
  const accountId = await accountOf(req);
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
  handle(req, res).catch((error: Error) => send(res, 500, { error: { code: "internal_error", message: error.message } }));
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3412), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  void sql.end({ timeout: 2 }).then(() => process.exit(0));
});
