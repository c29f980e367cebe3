import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, memberships, users } from "@/db/schema";
import { getMailSender, isLocalMail } from "@/lib/mail/get-mail-sender";
import { mailLinkBase } from "@/lib/mail/mail-link-base";
import type { MailMessage } from "@/lib/mail/mail-sender";

// The email that tells an agent a lead was routed to them (lib/jobs/workers/notify-lead-assigned.ts):
// the lead's name, its source and a link to it.

export interface NotifyLeadAssignedJob {
  accountId: string;
  leadId: string;
  agentId: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function leadAssignedEmail(
  to: { email: string; name: string },
  lead: { name: string; source: string | null },
  link: string,
): MailMessage {
  const from = lead.source ? ` from ${lead.source}` : "";
  const text = [`Hi ${to.name},`, "", `A new lead${from} is yours: ${lead.name}.`, "", link].join("\n");
  const html = [
    `<p>Hi ${escapeHtml(to.name)},</p>`,
    `<p>A new lead${escapeHtml(from)} is yours: <a href="${escapeHtml(link)}">${escapeHtml(lead.name)}</a>.</p>`,
  ].join("\n");
  return { to: to.email, subject: `New lead: ${lead.name}`, text, html };
}

/** Links point to NEXTAUTH_URL; the local outbox, read on this machine, takes a path alone. */
function leadLink(leadId: string): string {
  const base = isLocalMail() && !process.env.NEXTAUTH_URL ? "" : mailLinkBase(null);
  return `${base.replace(/\/+$/, "")}/leads/${leadId}`;
}

/** Sends the email, unless the lead is gone or no longer the agent's (re-routed, reassigned). */
export async function sendAssignmentEmail({ accountId, leadId, agentId }: NotifyLeadAssignedJob): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ name: leads.name, source: leads.source, agentName: users.name, agentEmail: users.email })
    .from(leads)
    .innerJoin(memberships, and(eq(memberships.accountId, leads.accountId), eq(memberships.userId, leads.assignedTo)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(leads.id, leadId), eq(leads.accountId, accountId), eq(leads.assignedTo, agentId), isNull(leads.deletedAt)),
    )
    .limit(1);
  if (!row) return;
  const message = leadAssignedEmail({ email: row.agentEmail, name: row.agentName }, row, leadLink(leadId));
  await getMailSender().send(message);
}
