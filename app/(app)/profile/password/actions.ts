"use server";

import { formAction } from "@/app/_forms/form-action";
import { changePassword } from "@/lib/auth/change-password";
import { changePasswordSchema } from "@/lib/auth/password-form-schemas";

// Profile → Change password. Nothing typed is echoed back. The form then signs this browser in
// again with the new password: the change ended every session, this one included.
export const changePasswordAction = formAction(
  {
    schema: changePasswordSchema,
    omit: ["currentPassword", "newPassword", "confirmPassword"],
  },
  async ({ member, input, origin }) => {
    await changePassword({ accountId: member.accountId, userId: member.userId, origin, form: input });
    return { status: "success", message: "Your password was changed. Other devices were signed out." };
  },
);
