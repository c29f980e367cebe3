import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { auditLogEntries } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import type { AuditAction, AuditActorType } from "@/lib/audit/audit-actions";
import { parseAuditLogFilters } from "@/lib/audit/audit-log-filters";
import { listAuditActors } from "@/lib/audit/list-audit-actors";
import { listAuditEntries, type AuditLogFilters } from "@/lib/audit/list-audit-entries";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { newId } from "@/lib/ids/new-id";
import type { Member } from "@/lib/users/get-member";
import { GET as exportCsv } from "@/app/(app)/settings/audit-log/export/route";
import { AuditLogTable } from "@/app/(app)/settings/audit-log/audit-log-table";

// The session is the one thing not real here: the export route asks it who is signed in.
vi.mock("@/lib/auth/get-current-member", () => ({ getCurrentMember: vi.fn() }));

// Settings → Audit log: filters by actor, action and dates, keyset paging newest first, the
// account's entries only; and its CSV export, streamed page by page, with formulas escaped.

const DAY = 86_400_000;
const unique = () => Math.random().toString(36).slice(2, 10);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

interface Seed {
  actor: { type: AuditActorType; id: string | null; label: string };
  action: AuditAction;
  daysAgo: number;
  /** An exact instant instead (a day's edge in some zone). */
  at?: Date;
  targetLabel?: string;
}

async function newAccount(name: string) {
  const created = await createAccount({
    name,
    email: `list-${unique()}@x.test`,
    password: "list-pass-12",
    plan: "agency",
  });
  return created.accountId;
}

/** Entries written straight into the table, each at its own instant (`daysAgo`, then a second apart). */
async function seed(accountId: string, seeds: Seed[]): Promise<string[]> {
  const base = Date.now();
  const rows = seeds.map((s, i) => ({
    id: newId("auditEntry"),
    accountId,
    occurredAt: s.at ?? new Date(base - s.daysAgo * DAY + i * 1000),
    actorType: s.actor.type,
    actorId: s.actor.id,
    actorLabel: s.actor.label,
    action: s.action,
    targetType: "test",
    targetId: `t${i}`,
    targetLabel: s.targetLabel ?? `Target ${i}`,
    changes: { n: [i, i + 1] as [unknown, unknown] },
    ip: "198.51.100.9",
    userAgent: "ListTest/1.0",
  }));
  const db = await getDb();
  for (let i = 0; i < rows.length; i += 500) await db.insert(auditLogEntries).values(rows.slice(i, i + 500));
  return rows.map((row) => row.id);
}

/** Every page of a filtered list, following the cursors. */
async function allPages(accountId: string, filters: AuditLogFilters, limit: number) {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listAuditEntries(accountId, { ...filters, limit, cursor });
    pages.push(page.data.map((entry) => entry.id));
    cursor = page.meta.hasMore ? page.meta.cursor! : undefined;
  } while (cursor);
  return pages;
}

const olga = { type: "user" as const, id: "user_olga", label: "Olga Owner <olga@x.test>" };
const stan = { type: "user" as const, id: "user_stan", label: "Stan Staff <stan@x.test>" };
const zapier = { type: "api_key" as const, id: "key_zapier", label: 'API key "Zapier"' };
const cli = { type: "cli" as const, id: null, label: "Operator (CLI)" };

describe(`the audit log list and export on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let accountId: string;
  let otherId: string;
  let ids: Record<string, string>;
  let stanSignIns: string[];

  beforeAll(async () => {
    accountId = await newAccount("List Realty");
    otherId = await newAccount("Other List Realty");
    const named = await seed(accountId, [
      { actor: olga, action: "api_key.created", daysAgo: 10 },
      { actor: zapier, action: "webhook_endpoint.created", daysAgo: 9 },
      { actor: cli, action: "account.plan_changed", daysAgo: 8 },
      { actor: olga, action: "sign_in.succeeded", daysAgo: 8 },
      { actor: olga, action: "member.added", daysAgo: 5 },
    ]);
    ids = Object.fromEntries(
      ["keyCreated", "hookCreated", "planChanged", "olgaSignIn", "memberAdded"].map((k, i) => [k, named[i]]),
    );
    stanSignIns = await seed(
      accountId,
      Array.from({ length: 25 }, () => ({ actor: stan, action: "sign_in.succeeded" as const, daysAgo: 3 })),
    );
    await seed(otherId, [{ actor: olga, action: "sign_in.succeeded", daysAgo: 3 }]);
  });

  it("lists the account's entries newest first, page after page, none twice, none of another account", async () => {
    const pages = await allPages(accountId, {}, 7);
    expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 2]);
    const newestFirst = [...Object.values(ids), ...stanSignIns].reverse();
    expect(pages.flat()).toEqual(newestFirst);
  });

  it("filters by actor (a user, a key, the CLI without an id), by action, and by days", async () => {
    const ofActor = (actor: AuditLogFilters["actor"]) => allPages(accountId, { actor }, 50).then((p) => p.flat());
    expect(await ofActor({ type: "user", id: olga.id })).toEqual([ids.memberAdded, ids.olgaSignIn, ids.keyCreated]);
    expect(await ofActor({ type: "api_key", id: zapier.id })).toEqual([ids.hookCreated]);
    expect(await ofActor({ type: "cli", id: null })).toEqual([ids.planChanged]);

    const signIns = await allPages(accountId, { action: "sign_in.succeeded" }, 10);
    expect(signIns.map((page) => page.length)).toEqual([10, 10, 6]);
    expect(signIns.flat()).toEqual([...[...stanSignIns].reverse(), ids.olgaSignIn]);

    // From nine days ago to eight days ago, both days whole (the URL's `to` is inclusive).
    const { filters } = parseAuditLogFilters(
      { from: dayOf(new Date(Date.now() - 9 * DAY)), to: dayOf(new Date(Date.now() - 8 * DAY)) },
      "UTC",
    );
    expect((await allPages(accountId, filters, 50)).flat()).toEqual([ids.olgaSignIn, ids.planChanged, ids.hookCreated]);

    const both = { actor: { type: "user" as const, id: stan.id }, action: "sign_in.succeeded" as const };
    expect((await allPages(accountId, both, 50)).flat()).toHaveLength(25);
    expect((await allPages(otherId, both, 50)).flat()).toEqual([]);
  });

  it("reads the days in the viewer's zone, and shows each time there, named", async () => {
    const paris = await newAccount("Paris Realty");
    // 23:30 on Feb 1 in Paris, then 00:30 on Feb 2 there (both still Feb 1 in UTC).
    const [lateFirst, earlySecond] = await seed(paris, [
      { actor: olga, action: "api_key.created", daysAgo: 0, at: new Date("2026-02-01T22:30:00.000Z") },
      { actor: olga, action: "api_key.revoked", daysAgo: 0, at: new Date("2026-02-01T23:30:00.000Z") },
    ]);
    const secondOfFeb = { from: "2026-02-02", to: "2026-02-02" };
    const inParis = parseAuditLogFilters(secondOfFeb, "Europe/Paris");
    expect(inParis.filters).toMatchObject({
      from: new Date("2026-02-01T23:00:00.000Z"),
      to: new Date("2026-02-02T23:00:00.000Z"),
    });
    expect(inParis.params).toMatchObject(secondOfFeb);
    expect((await allPages(paris, inParis.filters, 10)).flat()).toEqual([earlySecond]);
    const inUtc = parseAuditLogFilters({ from: "2026-02-01", to: "2026-02-01" }, "UTC");
    expect((await allPages(paris, inUtc.filters, 10)).flat()).toEqual([earlySecond, lateFirst]);

    const page = await listAuditEntries(paris, { limit: 10 });
    const html = renderToStaticMarkup(createElement(AuditLogTable, { entries: page.data, timeZone: "Europe/Paris" }));
    expect(html).toContain(">2 Feb 2026, 00:30 GMT+1</time>");
    expect(html).toContain(">1 Feb 2026, 23:30 GMT+1</time>");
    const inNewYork = renderToStaticMarkup(
      createElement(AuditLogTable, { entries: page.data, timeZone: "America/New_York" }),
    );
    expect(inNewYork).toContain(">1 Feb 2026, 18:30 EST</time>");
  });

  it("refuses a cursor made under other filters or for another account", async () => {
    const first = await listAuditEntries(accountId, { limit: 2 });
    const cursor = first.meta.cursor!;
    await expect(listAuditEntries(accountId, { limit: 2, cursor, action: "sign_in.succeeded" })).rejects.toMatchObject({
      code: "invalid_cursor",
    });
    await expect(listAuditEntries(otherId, { limit: 2, cursor })).rejects.toMatchObject({ code: "invalid_cursor" });
  });

  it("offers as actors everyone in the account's log, latest first", async () => {
    const actors = await listAuditActors(accountId);
    expect(actors).toEqual([
      { type: "user", id: stan.id, label: stan.label },
      { type: "user", id: olga.id, label: olga.label },
      { type: "cli", id: null, label: cli.label },
      { type: "api_key", id: zapier.id, label: zapier.label },
    ]);
  });

  it("reads filters from the URL, ignoring malformed ones", () => {
    expect(
      parseAuditLogFilters({ actor: "cli", action: "sign_in.throttled", from: "2026-02-01", to: "2026-02-03" }, "UTC"),
    ).toEqual({
      filters: {
        actor: { type: "cli", id: null },
        action: "sign_in.throttled",
        from: new Date("2026-02-01T00:00:00.000Z"),
        to: new Date("2026-02-04T00:00:00.000Z"),
      },
      params: { actor: "cli", action: "sign_in.throttled", from: "2026-02-01", to: "2026-02-03" },
    });
    expect(parseAuditLogFilters({ actor: "user:usr_1" }, "UTC").filters.actor).toEqual({ type: "user", id: "usr_1" });
    for (const actor of ["root:1", "user:a:b", "user:<script>", ""]) {
      expect(parseAuditLogFilters({ actor }, "UTC").filters.actor).toBeUndefined();
    }
    expect(parseAuditLogFilters({ action: "constructor", from: "2026-02-31", to: "yesterday" }, "UTC")).toEqual({
      filters: { actor: undefined, action: undefined, from: undefined, to: undefined },
      params: { actor: undefined, action: undefined, from: undefined, to: undefined },
    });
  });

  describe("Export CSV", () => {
    const signedIn = (accountId: string, role: "owner" | "staff" = "owner") =>
      vi.mocked(getCurrentMember).mockResolvedValue({ accountId, role, userId: "user_x", timeZone: "UTC" } as Member);
    const download = async (query = "") => {
      const response = await exportCsv(new Request(`http://localhost/settings/audit-log/export${query}`));
      return { response, text: await response.text() };
    };
    beforeEach(() => {
      vi.mocked(getCurrentMember).mockReset();
    });

    it("downloads the filtered entries, newest first, with a header", async () => {
      signedIn(accountId);
      const { response, text } = await download(`?actor=user:${olga.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      // CRLF, as every export writes (lib/exports/csv-options.ts).
      const lines = text.trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        "occurred_at,actor_type,actor_id,actor,action,action_label,target_type,target_id,target,changes,ip,user_agent",
      );
      expect(lines.slice(1).map((line) => line.split(",")[4])).toEqual([
        "member.added",
        "sign_in.succeeded",
        "api_key.created",
      ]);
      expect(lines[1]).toContain(`user,${olga.id},Olga Owner <olga@x.test>,member.added,Member added,test,`);
      expect(lines[1]).toContain(`"{""n"":[4,5]}",198.51.100.9,ListTest/1.0`);
    });

    it("escapes cells that a spreadsheet would run as formulas, and quotes commas, quotes and newlines", async () => {
      const evil = await newAccount("Evil Export");
      await seed(evil, [
        {
          actor: { type: "api_key", id: "key_evil", label: '=HYPERLINK("http://evil.test","click")' },
          action: "api_key.created",
          daysAgo: 1,
          targetLabel: "+1 555 0100\n@SUM(A1:A9)",
        },
      ]);
      signedIn(evil);
      const { text } = await download();
      expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
      expect(text).toContain(`"'+1 555 0100\n@SUM(A1:A9)"`);
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    });

    it("streams a long log page by page: every entry once", async () => {
      const busy = await newAccount("Busy Export");
      await seed(
        busy,
        Array.from({ length: 1_201 }, () => ({ actor: stan, action: "sign_in.succeeded" as const, daysAgo: 2 })),
      );
      signedIn(busy);
      // Read as a browser would: the header, then one chunk per page of 500 entries.
      const response = await exportCsv(new Request("http://localhost/settings/audit-log/export"));
      const reader = response.body!.getReader();
      const chunks: string[] = [];
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks.push(new TextDecoder().decode(read.value));
      }
      expect(chunks).toHaveLength(4);
      const text = chunks.join("");
      const rows = text.trimEnd().split("\n").slice(1);
      expect(rows).toHaveLength(1_201);
      expect(new Set(rows.map((row) => row.split(",")[7])).size).toBe(1_201);
      expect([rows[0], rows.at(-1)].map((row) => row!.split(",")[7])).toEqual(["t1200", "t0"]);
    });

    it("is for the account's owners: 401 signed out, 403 for staff", async () => {
      expect((await download()).response.status).toBe(401);
      signedIn(accountId, "staff");
      const staff = await download();
      expect(staff.response.status).toBe(403);
      expect(staff.text).not.toContain("sign_in");
    });
  });
});
