import type { MailMessage } from "@/lib/mail/mail-sender";
import { SIGNUP_LINK_TTL_MS } from "./signup-link";

// The two mails a signup sends, one of them to every address typed: the form answers the same
// for both, and only the inbox's owner learns which it was.

const HOURS = SIGNUP_LINK_TTL_MS / 3_600_000;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** A new address: the link that finishes the account. */
export function signupLinkEmail(to: { email: string; name: string; agencyName: string }, link: string): MailMessage {
  const text = [
    `Hi ${to.name},`,
    "",
    `To finish creating the LeadProp account of ${to.agencyName}, choose your password within ${HOURS} hours:`,
    "",
    link,
    "",
    "If you did not sign up, ignore this email: no account is created.",
  ].join("\n");
  const html = [
    `<p>Hi ${escapeHtml(to.name)},</p>`,
    `<p><a href="${escapeHtml(link)}">Finish creating the LeadProp account of ${escapeHtml(to.agencyName)}</a>`,
    `by choosing your password within ${HOURS} hours.</p>`,
    "<p>If you did not sign up, ignore this email: no account is created.</p>",
  ].join("\n");
  return { to: to.email, subject: "Finish creating your LeadProp account", text, html };
}

/** An address that has a login already: no second account, and the ways back in. */
export function existingLoginEmail(to: { email: string; name: string }, baseUrl: string): MailMessage {
  const base = baseUrl.replace(/\/+$/, "");
  const [login, reset] = [`${base}/login`, `${base}/forgot-password`];
  const text = [
    `Hi ${to.name},`,
    "",
    `Someone tried to create a LeadProp account with ${to.email}, which already has a LeadProp login.`,
    `Sign in at ${login}, or if you forgot your password, reset it at ${reset}.`,
    "",
    "If it was not you, ignore this email: nothing has changed.",
  ].join("\n");
  const html = [
    `<p>Hi ${escapeHtml(to.name)},</p>`,
    `<p>Someone tried to create a LeadProp account with ${escapeHtml(to.email)}, which already has a LeadProp login.</p>`,
    `<p><a href="${escapeHtml(login)}">Sign in</a>, or <a href="${escapeHtml(reset)}">reset your password</a>.</p>`,
    "<p>If it was not you, ignore this email: nothing has changed.</p>",
  ].join("\n");
  return { to: to.email, subject: "You already have a LeadProp login", text, html };
}
