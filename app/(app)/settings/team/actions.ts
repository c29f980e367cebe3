"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { requestOrigin } from "@/lib/audit/request-origin";
import { requireMember } from "@/lib/auth/get-current-member";
import type { Role } from "@/lib/domain/enums";
import { addTeamMember } from "@/lib/users/add-team-member";
import { changeMemberRole } from "@/lib/users/change-member-role";
import { removeTeamMember } from "@/lib/users/remove-team-member";
import { teamMemberSchema } from "@/lib/users/team-member-schema";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

// Add a staff login. The service refuses anyone but an owner of this account.
export async function addStaffAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const member = await requireMember();
  const values = formValues(formData, ["password"]);
  const parsed = teamMemberSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return errorState(parsed.error, values);
  try {
    await addTeamMember({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin: requestOrigin(await headers()),
      member: parsed.data,
    });
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath("/settings/team");
  return {
    status: "success",
    message: `${parsed.data.name} was added. Give them their email and temporary password to sign in.`,
  };
}

// Remove a member: owners only, never oneself, never the last owner (all checked by the service).
export async function removeMemberAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const member = await requireMember();
  try {
    await removeTeamMember({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin: requestOrigin(await headers()),
      userId: String(formData.get("userId") ?? ""),
    });
  } catch (error) {
    return errorState(error);
  }
  revalidatePath("/settings/team");
  return { status: "success" };
}

// Make a member an owner, or an owner staff: owners only, never the last owner (the service
// checks both, and validates the role).
export async function changeRoleAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const member = await requireMember();
  try {
    await changeMemberRole({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin: requestOrigin(await headers()),
      userId: String(formData.get("userId") ?? ""),
      role: String(formData.get("role") ?? "") as Role,
    });
  } catch (error) {
    return errorState(error);
  }
  revalidatePath("/settings/team");
  return { status: "success" };
}
