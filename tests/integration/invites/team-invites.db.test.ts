import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { teamInvites } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { hashResetToken } from "@/lib/auth/reset-token";
import { acceptInvite } from "@/lib/invites/accept-invite";
import { createInvite } from "@/lib/invites/create-invite";
import { MAX_OPEN_INVITES, MAX_SENDS_PER_INVITE, RESEND_COOLDOWN_MS } from "@/lib/invites/invite-rules";
import { listOpenInvites } from "@/lib/invites/list-open-invites";
import { CLOSED_INVITE_WORDS, openInviteLink } from "@/lib/invites/open-invite-link";
import { resendInvite } from "@/lib/invites/resend-invite";
import { revokeInvite } from "@/lib/invites/revoke-invite";
import { newId } from "@/lib/ids/new-id";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { getMember } from "@/lib/users/get-member";
import { auditEntries } from "../audit/audit-fixtures";
import { BASE_URL, mailsTo, originFor, unique } from "../auth/password-fixtures";

// Settings → Team's invites by email (issue 35, part 5), through the services the team page's
// actions and the invite page call. Every line the process writes is read, down to debug, to
// check that no link's token reaches the log.
const previousLogLevel = vi.hoisted(() => {
  const previous = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = "debug";
  return previous;
});
let output = "";
const tokensSeen: string[] = [];

const DAY = 24 * 60 * 60_000;

async function newAgency() {
  const ownerEmail = `invite-owner-${unique()}@x.test`;
  const owner = await createAccount({
    name: "Invite Realty",
    ownerName: "Ivy Owner",
    email: ownerEmail,
    password: "owner-pass-1",
    plan: "agency",
  });
  return { ...owner, ownerEmail };
}

const inviteAs = (
  agency: { accountId: string; userId: string },
  email: string,
  role: "owner" | "staff" = "staff",
  now?: Date,
) =>
  createInvite({
    accountId: agency.accountId,
    actorUserId: agency.userId,
    origin: originFor(),
    invite: { email, role },
    baseUrl: BASE_URL,
    now,
  });

/** The token in the newest invite mail to `email`. */
async function latestToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (!match) throw new Error(`no invite link mailed to ${email}`);
  tokensSeen.push(match[1]);
  return match[1];
}

const accept = (token: string, name = "Nina New", now?: Date) =>
  acceptInvite({
    form: { token, name, password: "my-own-pass-1", confirmPassword: "my-own-pass-1" },
    origin: originFor(),
    now,
  });

describe(`team invites on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  beforeAll(async () => {
    await getDb();
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((output += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((output += String(chunk)), true));
  });
  afterAll(() => {
    vi.restoreAllMocks();
    if (previousLogLevel === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = previousLogLevel;
    // The tokens went out in mails and nowhere else: not one in any log line.
    expect(tokensSeen.length).toBeGreaterThan(0);
    for (const token of tokensSeen) expect(output).not.toContain(token);
  });

  it("invites by email; the invitee chooses their name and password once and is an active member", async () => {
    const agency = await newAgency();
    const email = `nina-${unique()}@x.test`;
    const { inviteId, mailed } = await inviteAs(agency, email.toUpperCase(), "owner");
    expect(mailed).toBe(true);
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe("Join Invite Realty on LeadProp");
    expect(mail.text).toContain("Ivy Owner invited you to join Invite Realty on LeadProp as an owner.");
    const token = await latestToken(email);
    expect(mail.text).toContain(`${BASE_URL}/invite?token=${token}`);

    const db = await getDb();
    const [row] = await db.select().from(teamInvites).where(eq(teamInvites.id, inviteId));
    expect(row).toMatchObject({ email, role: "owner", tokenHash: hashResetToken(token), sendCount: 1 });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * DAY);
    expect(await listOpenInvites(agency.accountId)).toMatchObject([{ id: inviteId, email, invitedBy: "Ivy Owner" }]);
    expect(await openInviteLink(token)).toEqual({
      status: "open",
      email,
      role: "owner",
      accountName: "Invite Realty",
      inviterName: "Ivy Owner",
    });

    const { userId } = await accept(token, "  Nina New  ");
    expect(await getMember(agency.accountId, userId)).toMatchObject({
      name: "Nina New",
      email,
      role: "owner",
      active: true,
    });
    await expect(authorizeCredentials(email, "my-own-pass-1", originFor())).resolves.toMatchObject({ id: userId });
    expect(await listOpenInvites(agency.accountId)).toEqual([]);

    // Once only, whoever tries it after.
    expect(await openInviteLink(token)).toMatchObject({ status: "accepted" });
    await expect(accept(token, "Someone Else")).rejects.toThrow(CLOSED_INVITE_WORDS.accepted);

    const entries = (await auditEntries(agency.accountId)).filter((e) => e.action.startsWith("invite."));
    expect(entries.map((e) => [e.action, e.actorLabel, e.targetLabel])).toEqual([
      ["invite.sent", `Ivy Owner <${agency.ownerEmail}>`, email],
      ["invite.accepted", `Nina New <${email}>`, `Nina New <${email}>`],
    ]);
    expect(entries[0].changes).toEqual({ role: [null, "owner"] });
  });

  it("a resend replaces the link (the old one dies), waits a minute between mails and stops at the cap", async () => {
    const agency = await newAgency();
    const email = `rex-${unique()}@x.test`;
    const start = new Date();
    const { inviteId } = await inviteAs(agency, email, "staff", start);
    const first = await latestToken(email);

    const resend = (at: Date) =>
      resendInvite({
        accountId: agency.accountId,
        actorUserId: agency.userId,
        origin: originFor(),
        inviteId,
        baseUrl: BASE_URL,
        now: at,
      });
    await expect(resend(new Date(start.getTime() + 10_000))).rejects.toMatchObject({ code: "rate_limited" });
    let at = start;
    for (let sent = 1; sent < MAX_SENDS_PER_INVITE; sent++) {
      at = new Date(at.getTime() + RESEND_COOLDOWN_MS);
      await expect(resend(at)).resolves.toEqual({ email, mailed: true });
    }
    await expect(resend(new Date(at.getTime() + RESEND_COOLDOWN_MS))).rejects.toThrow(
      `sent ${MAX_SENDS_PER_INVITE} times already`,
    );
    expect(await mailsTo(email)).toHaveLength(MAX_SENDS_PER_INVITE);
    const latest = await latestToken(email);
    expect(latest).not.toBe(first);

    expect(await openInviteLink(first)).toEqual({ status: "unknown" });
    await expect(accept(first)).rejects.toThrow(CLOSED_INVITE_WORDS.unknown);
    await accept(latest, "Rex Resent", at);
    const resent = (await auditEntries(agency.accountId)).filter((e) => e.action === "invite.resent");
    expect(resent).toHaveLength(MAX_SENDS_PER_INVITE - 1);
  });

  it("a revoked invite's link is dead, and the address can be invited again", async () => {
    const agency = await newAgency();
    const email = `ria-${unique()}@x.test`;
    const { inviteId } = await inviteAs(agency, email);
    const token = await latestToken(email);
    await expect(
      revokeInvite({ accountId: agency.accountId, actorUserId: agency.userId, origin: originFor(), inviteId }),
    ).resolves.toEqual({ email });
    expect(await openInviteLink(token)).toMatchObject({ status: "revoked", accountName: "Invite Realty" });
    await expect(accept(token)).rejects.toThrow(CLOSED_INVITE_WORDS.revoked);
    expect(await listOpenInvites(agency.accountId)).toEqual([]);
    // Revoked is final: neither a second revoke nor a resend finds it.
    await expect(
      revokeInvite({ accountId: agency.accountId, actorUserId: agency.userId, origin: originFor(), inviteId }),
    ).rejects.toMatchObject({ code: "not_found" });
    await inviteAs(agency, email);
    await accept(await latestToken(email));
    const actions = (await auditEntries(agency.accountId)).map((e) => e.action).filter((a) => a.startsWith("invite."));
    expect(actions).toEqual(["invite.sent", "invite.revoked", "invite.sent", "invite.accepted"]);
  });

  it("an expired invite says so, blocks a duplicate, and a resend renews it", async () => {
    const agency = await newAgency();
    const email = `eve-${unique()}@x.test`;
    const eightDaysAgo = new Date(Date.now() - 8 * DAY);
    const { inviteId } = await inviteAs(agency, email, "staff", eightDaysAgo);
    const token = await latestToken(email);
    expect(await openInviteLink(token)).toMatchObject({ status: "expired" });
    await expect(accept(token)).rejects.toThrow(CLOSED_INVITE_WORDS.expired);
    await expect(inviteAs(agency, email)).rejects.toThrow(`The invite to ${email} has expired`);
    expect(await listOpenInvites(agency.accountId)).toMatchObject([{ id: inviteId }]);

    await resendInvite({
      accountId: agency.accountId,
      actorUserId: agency.userId,
      origin: originFor(),
      inviteId,
      baseUrl: BASE_URL,
    });
    await accept(await latestToken(email));
  });

  it("refuses a member of this account, a login of another agency, a second open invite and staff", async () => {
    const agency = await newAgency();
    const other = await newAgency();
    const staff = await addUserToAccount({
      accountId: agency.accountId,
      email: `sam-${unique()}@x.test`,
      name: "Sam Staff",
      password: "staff-pass-1",
      role: "staff",
    });
    await expect(inviteAs(agency, agency.ownerEmail)).rejects.toMatchObject({
      code: "conflict",
      message: `${agency.ownerEmail} is already a member of this account.`,
      details: [{ path: "email" }],
    });
    await expect(inviteAs(agency, other.ownerEmail)).rejects.toThrow(
      `${other.ownerEmail} already has a LeadProp login with another agency.`,
    );
    const email = `dup-${unique()}@x.test`;
    const { inviteId } = await inviteAs(agency, email);
    await expect(inviteAs(agency, email)).rejects.toThrow(`${email} is already invited`);

    // Owners only, from the database: staff can neither invite, resend nor revoke.
    await expect(
      inviteAs({ accountId: agency.accountId, userId: staff.userId }, `x-${unique()}@x.test`),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      revokeInvite({ accountId: agency.accountId, actorUserId: staff.userId, origin: originFor(), inviteId }),
    ).rejects.toMatchObject({ code: "forbidden" });
    // Another account's invite is not found.
    await expect(
      revokeInvite({ accountId: other.accountId, actorUserId: other.userId, origin: originFor(), inviteId }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      resendInvite({
        accountId: other.accountId,
        actorUserId: other.userId,
        origin: originFor(),
        inviteId,
        baseUrl: BASE_URL,
        now: new Date(Date.now() + RESEND_COOLDOWN_MS),
      }),
    ).rejects.toMatchObject({ code: "not_found" });

    // A login made with the address after the invite went out: the link says to sign in instead.
    const token = await latestToken(email);
    await addUserToAccount({ accountId: other.accountId, email, name: "Dee", password: "dee-pass-11", role: "staff" });
    await expect(accept(token)).rejects.toThrow(`${email} has a LeadProp login already`);
  });

  it("never passes the cap of open invites, even with invites sent in parallel", async () => {
    const agency = await newAgency();
    const db = await getDb();
    const room = 3;
    await db.insert(teamInvites).values(
      Array.from({ length: MAX_OPEN_INVITES - room }, (_, i) => ({
        id: newId("teamInvite"),
        accountId: agency.accountId,
        email: `filler-${i}-${unique()}@x.test`,
        role: "staff" as const,
        tokenHash: hashResetToken(`filler-${unique()}`),
        expiresAt: new Date(Date.now() + DAY),
      })),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => inviteAs(agency, `rush-${unique()}@x.test`)),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(room);
    for (const o of outcomes.filter((o) => o.status === "rejected")) {
      expect((o as PromiseRejectedResult).reason).toMatchObject({
        code: "conflict",
        message: expect.stringContaining(`${MAX_OPEN_INVITES} open invites, the most it can have`),
      });
    }
    const open = await db
      .select({ id: teamInvites.id })
      .from(teamInvites)
      .where(and(eq(teamInvites.accountId, agency.accountId)));
    expect(open).toHaveLength(MAX_OPEN_INVITES);
  });
});
