"use server";

import { after } from "next/server";
import { mailLinkBaseOfRequest } from "@/app/_forms/mail-link-base-of-request";
import { publicFormAction } from "@/app/_forms/form-action";
import { finishSignup } from "@/lib/accounts/finish-signup";
import { requestSignup } from "@/lib/accounts/request-signup";
import { signupSchema } from "@/lib/accounts/signup-schema";
import { SIGNUP_THROTTLE_WINDOW_MS } from "@/lib/auth/signup-throttle";

const THROTTLE_MINUTES = SIGNUP_THROTTLE_WINDOW_MS / 60_000;

// The signup form. The answer is the same whether or not the email has a login, and the mail
// (a link to finish, or a note that a login exists) goes out after the answer, so neither the
// words nor the time taken tell which emails exist.
export const signUpAction = publicFormAction({ schema: signupSchema }, async ({ input, values, origin }) => {
  const outcome = await requestSignup(
    { form: input, origin, baseUrl: await mailLinkBaseOfRequest() },
    { defer: (task) => after(task) },
  );
  if (outcome === "address_throttled") {
    return {
      status: "error",
      message: `Too many sign-ups from your network. Try again within the next ${THROTTLE_MINUTES} minutes.`,
      values,
    };
  }
  return { status: "success", values: { email: input.email } };
});

// The page the emailed link opens: creates the account (finishSignup parses the token and the
// passwords); the form then signs the owner in with the password just chosen. Nothing typed is
// echoed back.
export const finishSignupAction = publicFormAction(
  { omit: ["token", "password", "confirmPassword"] },
  async ({ formData }) => {
    const { email } = await finishSignup({
      token: String(formData.get("token") ?? ""),
      password: String(formData.get("password") ?? ""),
      confirmPassword: String(formData.get("confirmPassword") ?? ""),
    });
    return { status: "success", values: { email } };
  },
);
