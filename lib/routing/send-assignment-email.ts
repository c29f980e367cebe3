import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { leads, memberships, users } from "@/db/schema";
import { getMailSender, isLocalMail } from "@/lib/mail/get-mail-sender";
import { mailLinkBase } from "@/lib/mail/mail-link-base";
import { sendEach, type MailMessage } from "@/lib/mail/mail-sender";

// The email that tells an agent a lead was routed to them (lib/jobs/workers/notify-lead-assigned.ts):
// the lead's name, its source and a link to it. One job carries the routed leads of one account
// that one process gathered (announce-routed-leads.ts), each lead its own email.

export interface AssignedLead {
  leadId: string;
  agentId: string;
}

export type NotifyLeadAssignedJob =
  | { accountId: string; leads: AssignedLead[] }
  // The one-lead jobs queued before the gathering: a rolling deploy may leave some to a new worker.
  | ({ accountId: string } & AssignedLead);

const leadsOf = (job: NotifyLeadAssignedJob): AssignedLead[] =>
  "leads" in job ? job.leads : [{ leadId: job.leadId, agentId: job.agentId }];

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

/** Sends each lead's email, unless the lead is gone or no longer its agent's (re-routed,
 * reassigned): one read for the job's leads, then the sends. Throws when any send
 * failed, after the others were sent (the job is at-least-once: its retry sends them all again). */
export async function sendAssignmentEmails(job: NotifyLeadAssignedJob): Promise<void> {
  const assigned = leadsOf(job);
  const agentOf = new Map(assigned.map(({ leadId, agentId }) => [leadId, agentId]));
  const db = await getDb();
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      source: leads.source,
      assignedTo: leads.assignedTo,
      agentName: users.name,
      agentEmail: users.email,
    })
    .from(leads)
    .innerJoin(memberships, and(eq(memberships.accountId, leads.accountId), eq(memberships.userId, leads.assignedTo)))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inArray(leads.id, [...agentOf.keys()]), eq(leads.accountId, job.accountId), isNull(leads.deletedAt)));
  const messages = rows
    .filter((row) => row.assignedTo === agentOf.get(row.id))
    .map((row) => leadAssignedEmail({ email: row.agentEmail, name: row.agentName }, row, leadLink(row.id)));
  // The outbox keeps them in one insert; SMTP sends them one after another.
  const results = await sendEach(getMailSender(), messages);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
}
