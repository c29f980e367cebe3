import { getDb, type DbOrTx } from "@/db/client";
import type { RequestClient } from "@/lib/audit/request-client";
import { checkAndRecordSignup } from "@/lib/auth/signup-throttle";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import { getMailSender } from "@/lib/mail/get-mail-sender";
import type { MailMessage, MailSender } from "@/lib/mail/mail-sender";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { existingLoginEmail, signupLinkEmail } from "./signup-emails";
import { sealSignupLink } from "./signup-link";
import type { SignupRequest } from "./signup-schema";

const FINISH_SIGNUP_PATH = "/signup/finish";

export interface SignupRequestOptions {
  db?: DbOrTx;
  mailer?: MailSender;
  /** Runs the lookup and the mail. The web action passes next/server's after(), so the answer
   * never waits for either: an email with a login must not answer slower than a new one.
   * Default: before returning. */
  defer?: (task: () => Promise<void>) => void;
}

/**
 * The signup form (issue 31, finding 13). It used to create the account at once and say "A user
 * with this email already exists" otherwise, to anyone, as often as asked. Now every email gets the
 * same answer ("check your inbox"), and the mail says which case it was: a new address gets a
 * link that finishes the account (lib/accounts/finish-signup.ts), one with a login gets a note
 * that it has one. Before the answer only the throttle runs, the same for every email; the lookup
 * and the mail come after (options.defer). Only "address_throttled" may be shown differently.
 */
export async function requestSignup(
  input: { form: SignupRequest; origin: RequestClient; baseUrl: string; now?: Date },
  options: SignupRequestOptions = {},
): Promise<"accepted" | "address_throttled"> {
  const now = input.now ?? new Date();
  const conn = options.db ?? (await getDb());
  const throttle = await checkAndRecordSignup(conn, input.form.email, input.origin.ip, now);
  if (throttle.addressBlocked) return "address_throttled";
  if (throttle.emailExhausted) return "accepted";
  const composeAndSend = async () => {
    try {
      const message = await signupMail(conn, input.form, input.baseUrl, now);
      await (options.mailer ?? getMailSender()).send(message);
    } catch (error) {
      // Never the link or the address: only that it failed, and why.
      logger.error("signup mail failed", { error: describeError(error) });
    }
  };
  if (options.defer) options.defer(composeAndSend);
  else await composeAndSend();
  return "accepted";
}

async function signupMail(conn: DbOrTx, form: SignupRequest, baseUrl: string, now: Date): Promise<MailMessage> {
  const existing = await findUserByEmail(form.email, conn);
  if (existing) return existingLoginEmail({ email: existing.email, name: existing.name }, baseUrl);
  const token = sealSignupLink(
    { agencyName: form.agencyName, name: form.name, email: form.email, plan: form.plan, timezone: form.timezone },
    now,
  );
  const link = `${baseUrl.replace(/\/+$/, "")}${FINISH_SIGNUP_PATH}?token=${token}`;
  return signupLinkEmail({ email: form.email, name: form.name, agencyName: form.agencyName }, link);
}
