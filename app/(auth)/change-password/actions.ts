"use server";

import { formAction } from "@/app/_forms/form-action";
import { changePassword } from "@/lib/auth/change-password";
import { changePasswordSchema } from "@/lib/auth/password-form-schemas";

// Change password, voluntary (/profile/password) or forced after a temporary password
// (/change-password): the one form a member on a temporary password may use. Nothing typed is
// echoed back. The form then signs this browser in again with the new password: the change
// ended every session, this one included.
export const changePasswordAction = formAction(
  {
    schema: changePasswordSchema,
    allowTemporaryPassword: true,
    omit: ["currentPassword", "newPassword", "confirmPassword"],
  },
  async ({ member, input, origin }) => {
    await changePassword({ accountId: member.accountId, userId: member.userId, origin, form: input });
    return { status: "success", message: "Your password was changed. Other devices were signed out." };
  },
);
