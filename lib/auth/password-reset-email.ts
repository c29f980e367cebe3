import type { MailMessage } from "@/lib/mail/mail-sender";
import { RESET_TOKEN_TTL_MINUTES } from "./reset-token";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The "Forgot password?" email: the link, how long it works, and what to do if it was not you. */
export function passwordResetEmail(to: { email: string; name: string }, link: string): MailMessage {
  const lines = [
    `Hi ${to.name},`,
    "",
    `Someone asked to reset the password of your LeadProp login (${to.email}).`,
    `To choose a new password, open this link within ${RESET_TOKEN_TTL_MINUTES} minutes:`,
    "",
    link,
    "",
    "The link works once. If you did not ask for this, ignore this email: your password stays as it is.",
  ];
  const html = [
    `<p>Hi ${escapeHtml(to.name)},</p>`,
    `<p>Someone asked to reset the password of your LeadProp login (${escapeHtml(to.email)}).</p>`,
    `<p><a href="${escapeHtml(link)}">Choose a new password</a> within ${RESET_TOKEN_TTL_MINUTES} minutes.</p>`,
    "<p>The link works once. If you did not ask for this, ignore this email: your password stays as it is.</p>",
  ].join("\n");
  return { to: to.email, subject: "Reset your LeadProp password", text: lines.join("\n"), html };
}
