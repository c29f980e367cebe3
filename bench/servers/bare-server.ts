// The benchmark's "what Node and PostgreSQL allow" reference: a bare node:http server doing the
// API's database work for GET /leads/:id and a list page (the key lookup with its account and, in
// the same statement, the lead and its 50 recent activities; or the lookup, then a page of 100)
// on the same driver (postgres-js) with the same pool size as the app, without Next.js and
// without the rate limiter. Also serves the OFFSET page the API refuses to use, to show what
// keyset pagination saves.
//   PORT=3412 DATABASE_URL=… node --import tsx bench/servers/bare-server.ts
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import postgres from "postgres";
import { poolSize } from "@/db/client";
import type { Lead } from "@/db/schema";
import { hashApiKey, isWellFormedApiKey } from "@/lib/api-keys/key-format";
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

// One statement, like the app's (lib/leads/get-lead-with-activities.ts): the lead with its 51
// most recent activities, serialized by PostgreSQL into the body's text (lib/leads/public-lead-json.ts,
// lib/activities/public-activity-json.ts). Scenario 1 checks the two bodies are byte-equal.
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const LEAD_JSON = `(select row_to_json(p)::text from (select l.id as "id", l.name as "name", l.email as "email",
  l.phone as "phone", l.status as "status", l.source as "source", l.interest as "interest", l.budget as "budget",
  l.property_id as "propertyId", l.assigned_to as "assignedTo", l.tags as "tags", l.notes as "notes",
  l.sms_opt_out as "smsOptOut", ${iso("l.created_at")} as "createdAt", ${iso("l.updated_at")} as "updatedAt") p)`;
const ACTIVITY_JSON = `(select row_to_json(p)::text from (select a.id as "id", a.lead_id as "leadId", a.type as "type",
  a.summary as "summary", a.data as "data",
  (select row_to_json(x) from (select a.actor_type as "type", a.actor_id as "id", a.actor_name as "name") x) as "actor",
  ${iso("a.created_at")} as "createdAt") p)`;

// The key lookup and the lead in one statement, like the app's (keyLookupWithRead in
// lib/api/authenticate-api-key.ts with lib/leads/get-lead-with-activities.ts).
async function getLead(res: ServerResponse, keyHash: string, id: string) {
  const [row] = await sql<Array<{ plan: string; revokedAt: Date | null; json: string | null }>>`
    select acc.plan, k.revoked_at, case when k.revoked_at is null and acc.plan = 'agency' then (
      select left(${sql.unsafe(LEAD_JSON)}, -1)
        || ',"activities":[' || coalesce(string_agg(r.json, ',' order by r.rank) filter (where r.rank <= 50), '')
        || '],"activitiesHasMore":' || (count(r.rank) > 50)::text || '}'
      from leads l left join lateral (
        select ${sql.unsafe(ACTIVITY_JSON)} as json, row_number() over (order by a.created_at desc, a.id desc) as rank
        from activities a where a.lead_id = l.id and a.account_id = l.account_id
        order by a.created_at desc, a.id desc limit 51) r on true
      where l.id = ${id} and l.account_id = acc.id and l.deleted_at is null
      group by l.id) end as json
    from api_keys k join accounts acc on acc.id = k.account_id
    where k.key_hash = ${keyHash} limit 1`;
  if (!row || row.revokedAt || row.plan !== "agency") return send(res, 401, { error: { code: "invalid_api_key" } });
  if (row.json === null) return send(res, 404, { error: { code: "not_found" } });
  res.writeHead(200, HEADERS);
  res.end(`{"data":${row.json}}`);
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
  const lead = /^\/leads\/([^/]+)$/.exec(url.pathname);
  if (lead) return getLead(res, keyHash, decodeURIComponent(lead[1]));
  const accountId = await accountOf(keyHash);
  if (!accountId) return send(res, 401, { error: { code: "invalid_api_key" } });
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
