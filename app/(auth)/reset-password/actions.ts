"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requestOrigin } from "@/lib/audit/request-origin";
import { resetPasswordSchema } from "@/lib/auth/password-form-schemas";
import { resetPassword } from "@/lib/auth/reset-password";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

// Sets the new password through the link's token, then on to sign-in with it. Nothing typed is
// echoed back: both fields are passwords and the token stays in the page's own hidden field.
export async function resetPasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const parsed = resetPasswordSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return errorState(parsed.error);
  try {
    await resetPassword({
      token: parsed.data.token,
      password: parsed.data.password,
      origin: requestOrigin(await headers()),
    });
  } catch (error) {
    return errorState(error, formValues(formData, ["password", "confirmPassword", "token"]));
  }
  redirect("/login?reset=done");
}
