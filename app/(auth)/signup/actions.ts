"use server";

import { headers } from "next/headers";
import { after } from "next/server";
import { finishSignup } from "@/lib/accounts/finish-signup";
import { requestSignup } from "@/lib/accounts/request-signup";
import { signupSchema } from "@/lib/accounts/signup-schema";
import { requestOrigin } from "@/lib/audit/request-origin";
import { SIGNUP_THROTTLE_WINDOW_MS } from "@/lib/auth/signup-throttle";
import { mailLinkBase } from "@/lib/mail/mail-link-base";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

const THROTTLE_MINUTES = SIGNUP_THROTTLE_WINDOW_MS / 60_000;

// The signup form. The answer is the same whether or not the email has a login, and the mail
// (a link to finish, or a note that a login exists) goes out after the answer, so neither the
// words nor the time taken tell which emails exist.
export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const parsed = signupSchema.safeParse(values);
  if (!parsed.success) return errorState(parsed.error, values);
  const headerList = await headers();
  try {
    const host = headerList.get("host");
    const proto = headerList.get("x-forwarded-proto") ?? "http";
    const outcome = await requestSignup(
      {
        form: parsed.data,
        origin: requestOrigin(headerList),
        baseUrl: mailLinkBase(host ? `${proto}://${host}` : null),
      },
      { defer: (task) => after(task) },
    );
    if (outcome === "address_throttled") {
      return {
        status: "error",
        message: `Too many sign-ups from your network. Try again within the next ${THROTTLE_MINUTES} minutes.`,
        values,
      };
    }
  } catch (error) {
    return errorState(error, values);
  }
  return { status: "success", values: { email: parsed.data.email } };
}

// The page the emailed link opens: creates the account; the form then signs the owner in with
// the password just chosen. Nothing typed is echoed back.
export async function finishSignupAction(formData: FormData): Promise<FormState> {
  try {
    const { email } = await finishSignup({
      token: String(formData.get("token") ?? ""),
      password: String(formData.get("password") ?? ""),
      confirmPassword: String(formData.get("confirmPassword") ?? ""),
    });
    return { status: "success", values: { email } };
  } catch (error) {
    return errorState(error);
  }
}
