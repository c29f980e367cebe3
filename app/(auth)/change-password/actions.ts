"use server";

import { headers } from "next/headers";
import { requestOrigin } from "@/lib/audit/request-origin";
import { changePassword } from "@/lib/auth/change-password";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { changePasswordSchema } from "@/lib/auth/password-form-schemas";
import { errorState } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

// Change password, voluntary (/profile/password) or forced after a temporary password
// (/change-password). getCurrentMember, not requireMember: the forced case must get through.
// Nothing typed is echoed back. The form then signs this browser in again with the new password:
// the change ended every session, this one included.
export async function changePasswordAction(formData: FormData): Promise<FormState> {
  const member = await getCurrentMember();
  if (!member) return { status: "error", message: "Your session has ended. Sign in again to change your password." };
  const parsed = changePasswordSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return errorState(parsed.error);
  try {
    await changePassword({
      accountId: member.accountId,
      userId: member.userId,
      origin: requestOrigin(await headers()),
      form: parsed.data,
    });
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: "Your password was changed. Other devices were signed out." };
}
