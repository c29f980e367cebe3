import { beforeAll, describe, expect, it } from "vitest";
import { setAccountPlan } from "@/lib/accounts/set-account-plan";
import { updateAccountSettings } from "@/lib/accounts/update-account-settings";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { MAX_FAILED_ATTEMPTS } from "@/lib/auth/login-throttle";
import { CLI_AUDIT_ACTOR } from "@/lib/audit/audit-actors";
import {
  createEndpointAction,
  deleteEndpointAction,
  endpointSecretAction,
  setEndpointEnabledAction,
} from "@/app/(app)/settings/webhooks/actions";
import { createApiKey } from "@/lib/keys/create-api-key";
import {
  createApiKeyAction,
  editApiKeyPermissionsAction,
  revokeApiKeyAction,
  rollApiKeyAction,
} from "@/app/(app)/settings/api/actions";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { changeMemberRole } from "@/lib/users/change-member-role";
import { removeTeamMember } from "@/lib/users/remove-team-member";
import { COMMANDS } from "@/scripts/cli/commands";
import { callApi } from "../../helpers/api";
import type { DataBody } from "../../helpers/api-bodies";
import { limitThroughRealRedis } from "../api/setup-api-tests";
import { agencyWithStaff, form, type Agency } from "../web/web-fixtures";
import { auditEntries, ORIGIN, ORIGIN_HEADERS, withNewEntries } from "./audit-fixtures";

limitThroughRealRedis();

// Every audited action writes exactly one entry, in its own transaction, naming who (the user,
// the key, the CLI), from where, what it touched and what changed, through each door it has.

const unique = () => Math.random().toString(36).slice(2, 10);
const userLabel = (m: { name: string; email: string }) => `${m.name} <${m.email}>`;
const asOwner = (a: Agency) => ({
  actorType: "user",
  actorId: a.owner.userId,
  actorLabel: userLabel(a.owner),
  ip: ORIGIN.ip,
  userAgent: ORIGIN.userAgent,
});
const HOOK_URL = "http://127.0.0.1:9/audit-hook";

describe(`audited actions on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  let a: Agency;
  let other: Agency;
  beforeAll(async () => {
    a = await agencyWithStaff("Audit Realty");
    other = await agencyWithStaff("Other Audit Realty");
  });

  describe("webhook endpoints", () => {
    it("through the API: created, changed (only what changed), deleted, each once, by the key", async () => {
      const key = await createApiKey({ accountId: a.accountId, name: "Zapier", createdBy: a.owner.userId });
      const call = <T>(method: string, path: string, body?: unknown) =>
        callApi<T>(method, path, { key: key.key, body, headers: ORIGIN_HEADERS });
      const byKey = {
        actorType: "api_key",
        actorId: key.id,
        actorLabel: 'API key "Zapier"',
        ip: ORIGIN.ip,
        userAgent: ORIGIN.userAgent,
      };

      const created = await withNewEntries(a.accountId, () =>
        call<DataBody<{ id: string; secret: string }>>("POST", "/api/v1/webhook-endpoints", {
          url: HOOK_URL,
          events: ["lead.created"],
        }),
      );
      expect(created.result.status).toBe(201);
      const id = created.result.body.data.id;
      const target = { targetType: "webhook_endpoint", targetId: id, targetLabel: HOOK_URL };
      expect(created.entries).toEqual([
        expect.objectContaining({
          ...byKey,
          ...target,
          action: "webhook_endpoint.created",
          changes: {
            url: [null, HOOK_URL],
            description: [null, null],
            events: [null, ["lead.created"]],
            enabled: [null, true],
          },
        }),
      ]);

      const path = `/api/v1/webhook-endpoints/${id}`;
      const described = await withNewEntries(a.accountId, () =>
        call("PATCH", path, { description: "Warehouse", events: ["lead.created"] }),
      );
      expect(described.result.status).toBe(200);
      expect(described.entries).toEqual([
        expect.objectContaining({
          ...byKey,
          ...target,
          action: "webhook_endpoint.updated",
          changes: { description: [null, "Warehouse"] },
        }),
      ]);
      // A PATCH that changes nothing records nothing.
      expect(
        (await withNewEntries(a.accountId, () => call("PATCH", path, { description: "Warehouse" }))).entries,
      ).toEqual([]);

      const deleted = await withNewEntries(a.accountId, () => call("DELETE", path));
      expect(deleted.result.status).toBe(200);
      expect(deleted.entries).toEqual([
        expect.objectContaining({
          ...byKey,
          ...target,
          action: "webhook_endpoint.deleted",
          changes: { url: [HOOK_URL, null], events: [["lead.created"], null] },
        }),
      ]);
    });

    it("through Settings → Webhooks: created, disabled, secret revealed and rolled, deleted, by the owner", async () => {
      const created = await withNewEntries(a.accountId, () =>
        createEndpointAction.run(a.owner, form({ url: HOOK_URL, eventScope: "all" }), ORIGIN),
      );
      expect(created.result.status).toBe("success");
      const id = created.result.created!.id;
      const target = { targetType: "webhook_endpoint", targetId: id, targetLabel: HOOK_URL };
      expect(created.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), ...target, action: "webhook_endpoint.created" }),
      ]);

      const disabled = await withNewEntries(a.accountId, () =>
        setEndpointEnabledAction.run(a.owner, form({ endpointId: id, enabled: "false" }), ORIGIN),
      );
      expect(disabled.entries).toEqual([
        expect.objectContaining({
          ...asOwner(a),
          ...target,
          action: "webhook_endpoint.updated",
          changes: { enabled: [true, false] },
        }),
      ]);

      const revealed = await withNewEntries(a.accountId, () =>
        endpointSecretAction.run(a.owner, form({ endpointId: id, intent: "reveal" }), ORIGIN),
      );
      expect(revealed.result.secret).toBe(created.result.created!.secret);
      expect(revealed.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), ...target, action: "webhook_endpoint.secret_revealed", changes: {} }),
      ]);

      const rolled = await withNewEntries(a.accountId, () =>
        endpointSecretAction.run(a.owner, form({ endpointId: id, intent: "roll" }), ORIGIN),
      );
      expect(rolled.result.status).toBe("success");
      expect(rolled.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), ...target, action: "webhook_endpoint.secret_rolled" }),
      ]);
      expect(Object.keys(rolled.entries[0].changes)).toEqual(["overlapEndsAt"]);

      // Staff are refused before anything happens, so nothing is recorded.
      const refused = await withNewEntries(a.accountId, () =>
        endpointSecretAction.run(a.staff, form({ endpointId: id, intent: "reveal" }), ORIGIN),
      );
      expect(refused.result).toMatchObject({ status: "error" });
      expect(refused.entries).toEqual([]);

      const deleted = await withNewEntries(a.accountId, () =>
        deleteEndpointAction.run(a.owner, form({ endpointId: id }), ORIGIN),
      );
      expect(deleted.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), ...target, action: "webhook_endpoint.deleted" }),
      ]);
    });
  });

  describe("members", () => {
    it("added (by the CLI; the web app's invites have their own test), role changed both ways, removed: one entry each, naming the member", async () => {
      const email = `audit-member-${unique()}@x.test`;
      const added = await withNewEntries(a.accountId, () =>
        addUserToAccount({
          accountId: a.accountId,
          email,
          name: "Mia Member",
          password: "member-pass-1",
          role: "staff",
          audit: CLI_AUDIT_ACTOR,
        }),
      );
      const target = { targetType: "user", targetId: added.result.userId, targetLabel: `Mia Member <${email}>` };
      expect(added.entries).toEqual([
        expect.objectContaining({
          actorType: "cli",
          actorId: null,
          ...target,
          action: "member.added",
          changes: { role: [null, "staff"] },
        }),
      ]);

      const change = (role: "owner" | "staff", actorUserId = a.owner.userId, accountId = a.accountId) =>
        withNewEntries(a.accountId, () =>
          changeMemberRole({ accountId, actorUserId, origin: ORIGIN, userId: added.result.userId, role }),
        );
      const promoted = await change("owner");
      expect(promoted.entries).toEqual([
        expect.objectContaining({
          ...asOwner(a),
          ...target,
          action: "member.role_changed",
          changes: { role: ["staff", "owner"] },
        }),
      ]);
      // The role it has already: nothing changes, nothing is recorded.
      expect((await change("owner")).entries).toEqual([]);
      const demoted = await change("staff");
      expect(demoted.entries).toEqual([
        expect.objectContaining({ action: "member.role_changed", changes: { role: ["owner", "staff"] } }),
      ]);

      const removed = await withNewEntries(a.accountId, () =>
        removeTeamMember({
          accountId: a.accountId,
          actorUserId: a.owner.userId,
          origin: ORIGIN,
          userId: added.result.userId,
        }),
      );
      expect(removed.entries).toEqual([
        expect.objectContaining({
          ...asOwner(a),
          ...target,
          action: "member.removed",
          changes: { role: ["staff", null] },
        }),
      ]);
    });

    it("refuses staff, another account's member and demoting the last owner, recording nothing", async () => {
      const attempt = (input: { actorUserId: string; userId: string; role: "owner" | "staff" }) =>
        withNewEntries(a.accountId, () =>
          changeMemberRole({ accountId: a.accountId, origin: ORIGIN, ...input }).catch(
            (error: { code: string }) => error.code,
          ),
        );
      const byStaff = await attempt({ actorUserId: a.staff.userId, userId: a.staff.userId, role: "owner" });
      expect(byStaff).toEqual({ result: "forbidden", entries: [] });
      const outsider = await attempt({ actorUserId: a.owner.userId, userId: other.staff.userId, role: "owner" });
      expect(outsider).toEqual({ result: "not_found", entries: [] });
      const lastOwner = await attempt({ actorUserId: a.owner.userId, userId: a.owner.userId, role: "staff" });
      expect(lastOwner).toEqual({ result: "forbidden", entries: [] });
    });

    it("`cli user create` is recorded with the CLI as actor", async () => {
      const email = `audit-cli-${unique()}@x.test`;
      const { result, entries } = await withNewEntries(a.accountId, () =>
        COMMANDS["user create"]([
          "--account-email",
          a.owner.email,
          "--email",
          email,
          "--password",
          "cli-pass-12",
          "--role",
          "staff",
        ]),
      );
      expect(entries).toEqual([
        expect.objectContaining({
          actorType: "cli",
          actorId: null,
          actorLabel: CLI_AUDIT_ACTOR.label,
          ip: null,
          action: "member.added",
          targetId: (result as { userId: string }).userId,
          changes: { role: [null, "staff"] },
        }),
      ]);
    });
  });

  describe("the plan and the account's settings", () => {
    it("records settings and the plan apart, only what changed, and nothing for a save without changes", async () => {
      const b = await agencyWithStaff("Settings Audit");
      const base = {
        name: "Settings Audit",
        defaultCountry: "US",
        currency: "USD",
        plan: "agency" as const,
        timezone: "America/New_York",
        // The web fixtures start with quiet hours off.
        smsQuietHours: false,
        requireSmsConsent: false,
      };
      const save = (settings: typeof base | (Omit<typeof base, "plan"> & { plan: "professional" | "agency" })) =>
        withNewEntries(b.accountId, () =>
          updateAccountSettings({ accountId: b.accountId, actorUserId: b.owner.userId, origin: ORIGIN, settings }),
        );
      expect((await save(base)).entries).toEqual([]);

      const renamed = await save({ ...base, name: "Renamed Realty" });
      expect(renamed.entries).toEqual([
        expect.objectContaining({
          ...asOwner(b),
          action: "account.settings_changed",
          targetType: "account",
          targetId: b.accountId,
          targetLabel: "Renamed Realty",
          changes: { name: ["Settings Audit", "Renamed Realty"] },
        }),
      ]);

      const both = await save({ ...base, name: "Renamed Realty", currency: "EUR", plan: "professional" });
      expect(both.entries.map((e) => [e.action, e.changes])).toEqual([
        ["account.settings_changed", { currency: ["USD", "EUR"] }],
        ["account.plan_changed", { plan: ["agency", "professional"] }],
      ]);

      const sms = await save({
        ...base,
        name: "Renamed Realty",
        currency: "EUR",
        plan: "professional",
        timezone: "America/Chicago",
        smsQuietHours: true,
        requireSmsConsent: true,
      });
      expect(sms.entries.map((e) => [e.action, e.changes])).toEqual([
        [
          "account.settings_changed",
          {
            timezone: ["America/New_York", "America/Chicago"],
            smsQuietHours: [false, true],
            requireSmsConsent: [false, true],
          },
        ],
      ]);

      const cli = await withNewEntries(b.accountId, () =>
        COMMANDS["account plan"](["--email", b.owner.email, "--plan", "agency"]),
      );
      expect(cli.entries).toEqual([
        expect.objectContaining({
          actorType: "cli",
          action: "account.plan_changed",
          targetId: b.accountId,
          changes: { plan: ["professional", "agency"] },
        }),
      ]);
      // The plan it has already: nothing recorded; seeding (no actor) records nothing either.
      expect(
        (
          await withNewEntries(b.accountId, () =>
            COMMANDS["account plan"](["--email", b.owner.email, "--plan", "agency"]),
          )
        ).entries,
      ).toEqual([]);
      expect((await withNewEntries(b.accountId, () => setAccountPlan(b.accountId, "starter"))).entries).toEqual([]);
    });
  });

  describe("sign-ins", () => {
    it("a successful sign-in is recorded in the user's account, from the request's address", async () => {
      const { entries } = await withNewEntries(a.accountId, () =>
        authorizeCredentials(a.staff.email, "staff-pass-1", ORIGIN),
      );
      expect(entries).toEqual([
        expect.objectContaining({
          actorType: "user",
          actorId: a.staff.userId,
          actorLabel: userLabel(a.staff),
          action: "sign_in.succeeded",
          targetId: a.staff.userId,
          ip: ORIGIN.ip,
          userAgent: ORIGIN.userAgent,
          changes: {},
        }),
      ]);
    });

    it("the throttle's lock is recorded once, when it engages; a wrong password alone is not", async () => {
      const c = await agencyWithStaff("Throttle Audit");
      const start = Date.now() - 60_000;
      const fail = (i: number, password = "wrong-password") =>
        authorizeCredentials(c.staff.email, password, ORIGIN, new Date(start + i * 1000)).catch(
          (e: Error) => e.message,
        );
      const failures = await withNewEntries(c.accountId, async () => {
        for (let i = 0; i < MAX_FAILED_ATTEMPTS - 1; i++) await fail(i);
      });
      expect(failures.entries).toEqual([]);

      const locking = await withNewEntries(c.accountId, () => fail(MAX_FAILED_ATTEMPTS - 1));
      expect(locking.result).toMatch(/^locked:/);
      const lockedUntil = new Date(Number(String(locking.result).slice("locked:".length))).toISOString();
      expect(locking.entries).toEqual([
        expect.objectContaining({
          actorType: "user",
          actorId: c.staff.userId,
          action: "sign_in.throttled",
          targetId: c.staff.userId,
          ip: ORIGIN.ip,
          changes: { lockedUntil: [null, lockedUntil] },
        }),
      ]);
      // Attempts refused while locked, even with the right password, add nothing.
      const hammering = await withNewEntries(c.accountId, async () => {
        await fail(MAX_FAILED_ATTEMPTS + 1, "staff-pass-1");
        await fail(MAX_FAILED_ATTEMPTS + 2);
      });
      expect(hammering.entries).toEqual([]);
    });

    it("an email with no user belongs to no account: its lock is recorded nowhere", async () => {
      const email = `nobody-${unique()}@x.test`;
      const start = Date.now() - 60_000;
      for (let i = 0; i < MAX_FAILED_ATTEMPTS + 1; i++) {
        await authorizeCredentials(email, "wrong-password", ORIGIN, new Date(start + i * 1000)).catch(() => {});
      }
      const { getDb } = await import("@/db/client");
      const { auditLogEntries } = await import("@/db/schema");
      const { like, or } = await import("drizzle-orm");
      const db = await getDb();
      const mentions = await db
        .select()
        .from(auditLogEntries)
        .where(or(like(auditLogEntries.actorLabel, `%${email}%`), like(auditLogEntries.targetLabel, `%${email}%`)));
      expect(mentions).toEqual([]);
    });
  });

  describe("API keys through Settings → Public API", () => {
    it("created, permissions changed, rolled, revoked: one entry each, by the owner", async () => {
      const created = await withNewEntries(a.accountId, () =>
        createApiKeyAction.run(a.owner, form({ name: "Audited key", preset: "full_access", expiry: "never" }), ORIGIN),
      );
      const keyId = created.result.createdKey!.id;
      expect(created.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), action: "api_key.created", targetType: "api_key", targetId: keyId }),
      ]);

      const restricted = await withNewEntries(a.accountId, () =>
        editApiKeyPermissionsAction.run(
          a.owner,
          form({ keyId, preset: "custom", "permissions.leads": "read" }),
          ORIGIN,
        ),
      );
      expect(restricted.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), action: "api_key.permissions_changed", targetId: keyId }),
      ]);

      const rolled = await withNewEntries(a.accountId, () =>
        rollApiKeyAction.run(a.owner, form({ keyId, overlap: "1h" }), ORIGIN),
      );
      const rolledId = rolled.result.rolledKey!.id;
      expect(rolled.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), action: "api_key.rolled", targetId: keyId }),
      ]);

      const revoked = await withNewEntries(a.accountId, () =>
        revokeApiKeyAction.run(a.owner, form({ keyId: rolledId }), ORIGIN),
      );
      expect(revoked.entries).toEqual([
        expect.objectContaining({ ...asOwner(a), action: "api_key.revoked", targetId: rolledId }),
      ]);
    });
  });

  it("nothing of this account's log is in the other account's", async () => {
    const theirs = await auditEntries(other.accountId);
    const ids = new Set([a.owner.userId, a.staff.userId]);
    expect(theirs.filter((entry) => ids.has(entry.actorId ?? ""))).toEqual([]);
  });
});

// `addUserToAccount` without an actor (the first owner at signup, demo seeding) records nothing:
// no one added a member to an existing account.
it("a first owner or a seeded user is no member.added", async () => {
  const a = await agencyWithStaff("Seeded Audit");
  const { entries } = await withNewEntries(a.accountId, () =>
    addUserToAccount({
      accountId: a.accountId,
      email: `seed-${unique()}@x.test`,
      name: "Seed",
      password: "seed-pass-1",
      role: "staff",
    }),
  );
  expect(entries).toEqual([]);
});
