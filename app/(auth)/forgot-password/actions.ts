"use server";

import { headers } from "next/headers";
import { after } from "next/server";
import { requestOrigin } from "@/lib/audit/request-origin";
import { forgotPasswordSchema } from "@/lib/auth/password-form-schemas";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";
import { RESET_THROTTLE_WINDOW_MS } from "@/lib/auth/password-reset-throttle";
import { mailLinkBase } from "@/lib/mail/mail-link-base";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

const THROTTLE_MINUTES = RESET_THROTTLE_WINDOW_MS / 60_000;

// "Forgot password?". The answer is the same whether or not the email has a login (the page
// then shows one text for both), and the mail goes out after the answer, so neither the words
// nor the time taken tell which emails exist.
export async function forgotPasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return errorState(parsed.error, values);
  const headerList = await headers();
  try {
    const host = headerList.get("host");
    const proto = headerList.get("x-forwarded-proto") ?? "http";
    const outcome = await requestPasswordReset(
      {
        email: parsed.data.email,
        origin: requestOrigin(headerList),
        baseUrl: mailLinkBase(host ? `${proto}://${host}` : null),
      },
      { defer: (task) => after(task) },
    );
    if (outcome === "ip_throttled") {
      return {
        status: "error",
        message: `Too many reset requests from your network. Try again within the next ${THROTTLE_MINUTES} minutes.`,
        values,
      };
    }
  } catch (error) {
    return errorState(error, values);
  }
  return { status: "success", values: { email: parsed.data.email } };
}
