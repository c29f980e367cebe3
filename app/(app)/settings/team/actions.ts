"use server";

import { z } from "zod";
import { formAction } from "@/app/_forms/form-action";
import { mailLinkBaseOfRequest } from "@/app/_forms/mail-link-base-of-request";
import type { Role } from "@/lib/domain/enums";
import { createInvite } from "@/lib/invites/create-invite";
import { INVITE_TTL_DAYS } from "@/lib/invites/invite-rules";
import { inviteSchema } from "@/lib/invites/invite-schema";
import { resendInvite } from "@/lib/invites/resend-invite";
import { revokeInvite } from "@/lib/invites/revoke-invite";
import { changeMemberRole } from "@/lib/users/change-member-role";
import { removeTeamMember } from "@/lib/users/remove-team-member";
import { setMemberActive } from "@/lib/users/set-member-active";

// Settings → Team. Each service refuses anyone but an owner of this account (from the database),
// never removes, demotes or deactivates the last owner, and writes the audit entry.

const PAGE = ["/settings/team"];
const userIdOf = (formData: FormData) => String(formData.get("userId") ?? "");

const inviteIdOf = (formData: FormData) => String(formData.get("inviteId") ?? "");
const UNSENT = "could not be sent: the mail server refused it. Try Resend in a minute.";
// Even when the mail failed the invite changed (it exists, or has a new link): refresh either way.
const ALWAYS = () => PAGE;

// Invite by email: the link in the mail lets them choose their own name and password.
export const inviteAction = formAction(
  { schema: inviteSchema, role: "owner", revalidate: ALWAYS },
  async ({ member, input, origin }) => {
    const { email, mailed } = await createInvite({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin,
      invite: input,
      baseUrl: await mailLinkBaseOfRequest(),
    });
    return mailed
      ? { status: "success", message: `Invite sent to ${email}. The link works for ${INVITE_TTL_DAYS} days.` }
      : { status: "error", message: `The invite to ${email} was saved, but its email ${UNSENT}` };
  },
);

// Resend: a new link (the old one stops working) and a new week.
export const resendInviteAction = formAction(
  { role: "owner", revalidate: ALWAYS },
  async ({ member, formData, origin }) => {
    const { email, mailed } = await resendInvite({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin,
      inviteId: inviteIdOf(formData),
      baseUrl: await mailLinkBaseOfRequest(),
    });
    return mailed ? { status: "success" } : { status: "error", message: `The email to ${email} ${UNSENT}` };
  },
);

// Revoke: the link stops working at once.
export const revokeInviteAction = formAction(
  { role: "owner", revalidate: PAGE },
  async ({ member, formData, origin }) => {
    await revokeInvite({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin,
      inviteId: inviteIdOf(formData),
    });
    return { status: "success" };
  },
);

// Remove a member: never oneself.
export const removeMemberAction = formAction({ revalidate: PAGE }, async ({ member, formData, origin }) => {
  await removeTeamMember({
    accountId: member.accountId,
    actorUserId: member.userId,
    origin,
    userId: userIdOf(formData),
  });
  return { status: "success" };
});

// Make a member an owner, or an owner staff (the service validates the role).
export const changeRoleAction = formAction({ revalidate: PAGE }, async ({ member, formData, origin }) => {
  await changeMemberRole({
    accountId: member.accountId,
    actorUserId: member.userId,
    origin,
    userId: userIdOf(formData),
    role: String(formData.get("role") ?? "") as Role,
  });
  return { status: "success" };
});

// Deactivate a member (signed out, cannot sign in or be assigned) or reactivate them: never oneself.
const memberActiveSchema = z.object({
  userId: z.string().min(1, "Choose a member."),
  active: z.enum(["true", "false"]).transform((value) => value === "true"),
});
export const setMemberActiveAction = formAction(
  { schema: memberActiveSchema, revalidate: PAGE },
  async ({ member, input, origin }) => {
    await setMemberActive({ accountId: member.accountId, actorUserId: member.userId, origin, ...input });
    return { status: "success" };
  },
);
