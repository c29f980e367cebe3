import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { mailOutbox, passwordResetTokens } from "@/db/schema";
import { createAccount } from "@/lib/accounts/create-account";
import type { RequestClient } from "@/lib/audit/request-client";
import { requestPasswordReset } from "@/lib/auth/request-password-reset";

export const unique = () => Math.random().toString(36).slice(2, 10);

export const BASE_URL = "http://app.test";

/** Each test acts from its own address, so the per-address throttle of one never meets another's. */
export const originFor = (): RequestClient => ({
  ip: `198.51.100.${Math.floor(Math.random() * 250) + 1}-${unique()}`,
  userAgent: "PasswordTest/1.0",
});

export async function newOwner(password = `old-pass-${unique()}`) {
  const email = `reset-${unique()}@x.test`;
  const account = await createAccount({
    name: "Reset Realty",
    ownerName: "Rita Reset",
    email,
    password,
    plan: "agency",
  });
  return { email, password, ...account };
}

/** The local outbox's mails to `to`, newest first. */
export async function mailsTo(to: string) {
  const db = await getDb();
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
}

/** The token in a reset mail's link. */
export function tokenIn(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error("no reset link in the mail");
  return match[1];
}

/** Asks for a reset as the web action does (the mail sent before returning) and reads its token. */
export async function requestToken(email: string, now = new Date(), origin = originFor()): Promise<string> {
  const to = email.trim().toLowerCase();
  const before = (await mailsTo(to)).length;
  const outcome = await requestPasswordReset({ email, origin, baseUrl: BASE_URL, now });
  if (outcome !== "accepted") throw new Error(`reset refused: ${outcome}`);
  const mails = await mailsTo(to);
  if (mails.length !== before + 1) throw new Error("no reset mail");
  return tokenIn(mails[0].text);
}

export async function outstandingTokens(userId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId)));
  return rows.filter((row) => !row.usedAt);
}
