"use server";

import { z } from "zod";
import { formAction } from "@/app/_forms/form-action";
import type { Role } from "@/lib/domain/enums";
import { addTeamMember } from "@/lib/users/add-team-member";
import { changeMemberRole } from "@/lib/users/change-member-role";
import { removeTeamMember } from "@/lib/users/remove-team-member";
import { setMemberActive } from "@/lib/users/set-member-active";
import { teamMemberSchema } from "@/lib/users/team-member-schema";

// Settings → Team. Each service refuses anyone but an owner of this account (from the database),
// never removes, demotes or deactivates the last owner, and writes the audit entry.

const PAGE = ["/settings/team"];
const userIdOf = (formData: FormData) => String(formData.get("userId") ?? "");

// Add a staff login. The temporary password is never echoed back.
export const addStaffAction = formAction(
  { schema: teamMemberSchema, omit: ["password"], revalidate: PAGE },
  async ({ member, input, origin }) => {
    await addTeamMember({ accountId: member.accountId, actorUserId: member.userId, origin, member: input });
    return {
      status: "success",
      message: `${input.name} was added. Give them their email and temporary password to sign in.`,
    };
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
