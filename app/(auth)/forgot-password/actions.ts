"use server";

import { after } from "next/server";
import { mailLinkBaseOfRequest } from "@/app/_forms/mail-link-base-of-request";
import { publicFormAction } from "@/app/_forms/form-action";
import { forgotPasswordSchema } from "@/lib/auth/password-form-schemas";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { RESET_THROTTLE_WINDOW_MS } from "@/lib/auth/password-reset-throttle";

const THROTTLE_MINUTES = RESET_THROTTLE_WINDOW_MS / 60_000;

// "Forgot password?". The answer is the same whether or not the email has a login (the page
// then shows one text for both), and the mail goes out after the answer, so neither the words
// nor the time taken tell which emails exist.
export const forgotPasswordAction = publicFormAction(
  { schema: forgotPasswordSchema },
  async ({ input, values, origin }) => {
    const outcome = await requestPasswordReset(
      { email: input.email, origin, baseUrl: await mailLinkBaseOfRequest() },
      { defer: (task) => after(task) },
    );
    if (outcome === "ip_throttled") {
      return {
        status: "error",
        message: `Too many reset requests from your network. Try again within the next ${THROTTLE_MINUTES} minutes.`,
        values,
      };
    }
    return { status: "success", values: { email: input.email } };
  },
);
