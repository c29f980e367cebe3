import type { Role } from "@/lib/domain/enums";
import type { MailMessage } from "@/lib/mail/mail-sender";
import { INVITE_TTL_DAYS } from "./invite-rules";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const ROLE_WORDS: Record<Role, string> = { owner: "an owner", staff: "a team member" };

/** The invite: who asks, to which agency, the link and how long it works. */
export function inviteEmail(
  invite: { email: string; role: Role; accountName: string; inviterName: string },
  link: string,
): MailMessage {
  const who = `${invite.inviterName} invited you to join ${invite.accountName} on LeadProp as ${ROLE_WORDS[invite.role]}.`;
  const text = [
    "Hi,",
    "",
    who,
    `To accept, open this link within ${INVITE_TTL_DAYS} days and choose your name and password:`,
    "",
    link,
    "",
    "The link works once. If you did not expect this, ignore this email: nothing is created until you accept.",
  ].join("\n");
  const html = [
    "<p>Hi,</p>",
    `<p>${escapeHtml(who)}</p>`,
    `<p><a href="${escapeHtml(link)}">Accept the invite</a> within ${INVITE_TTL_DAYS} days and choose your name and password.</p>`,
    "<p>The link works once. If you did not expect this, ignore this email: nothing is created until you accept.</p>",
  ].join("\n");
  return { to: invite.email, subject: `Join ${invite.accountName} on LeadProp`, text, html };
}
