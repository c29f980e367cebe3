"use server";

import { publicFormAction } from "@/app/_forms/form-action";
import { resetPasswordSchema } from "@/lib/auth/password-form-schemas";
import { resetPassword } from "@/lib/auth/reset-password";

// Sets the new password through the link's token, then on to sign-in with it. Nothing typed is
// echoed back: both fields are passwords and the token stays in the page's own hidden field.
export const resetPasswordAction = publicFormAction(
  {
    schema: resetPasswordSchema,
    omit: ["password", "confirmPassword", "token"],
    redirect: (state) => (state.status === "success" ? "/login?reset=done" : undefined),
  },
  async ({ input, origin }) => {
    await resetPassword({ token: input.token, password: input.password, origin });
    return { status: "success" };
  },
);
