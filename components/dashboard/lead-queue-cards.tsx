import Link from "next/link";
import { DateTime } from "luxon";
import type { LeadAwaitingReply } from "@/lib/dashboard/list-leads-awaiting-reply";
import { AWAITING_REPLY_DAYS } from "@/lib/dashboard/list-leads-awaiting-reply";
import type { UncontactedLead } from "@/lib/dashboard/list-uncontacted-leads";
import { styles } from "@/components/ui/styles";
import { DashboardCard, DashboardEmpty } from "./dashboard-card";
import { sourceLabel } from "@/components/ui/source-label";

// The two queues an agent works first: new leads no one has called, and texts no one answered.

/** "3 hours ago": how long someone has been waiting reads faster than a date. */
const waited = (at: Date, now: Date) => DateTime.fromJSDate(at).toRelative({ base: DateTime.fromJSDate(now) }) ?? "";

function ownerLabel(assignedTo: string | null, names: Map<string, string>, me: string) {
  if (!assignedTo) return "Unassigned";
  if (assignedTo === me) return "You";
  return names.get(assignedTo) ?? "Former member";
}

export function UncontactedLeadsCard({
  leads,
  total,
  hasLeads,
  names,
  me,
  now,
}: {
  leads: UncontactedLead[];
  total: number;
  /** Any lead at all: with none, there is nothing to have contacted yet. */
  hasLeads: boolean;
  names: Map<string, string>;
  me: string;
  now: Date;
}) {
  return (
    <DashboardCard
      id="dashboard-new-leads"
      title="New leads to contact"
      count={total}
      seeAll={total > leads.length ? { href: "/leads?status=new", label: "See all" } : undefined}
    >
      {leads.length === 0 ? (
        <DashboardEmpty>
          {hasLeads ? "Every new lead has been contacted." : "No leads yet: new ones from any source land here first."}
        </DashboardEmpty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <li key={lead.id} className="flex items-center justify-between gap-3 px-5 py-3 text-sm">
              <div className="min-w-0">
                <Link href={`/leads/${lead.id}`} className={`${styles.link} block truncate`}>
                  {lead.name}
                </Link>
                <p className="truncate text-slate-500">
                  {lead.source ? sourceLabel(lead.source) : "No source"} · {ownerLabel(lead.assignedTo, names, me)}
                </p>
              </div>
              <span className="shrink-0 text-xs text-slate-500">{waited(lead.createdAt, now)}</span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

export function AwaitingReplyCard({
  leads,
  total,
  names,
  me,
  now,
}: {
  leads: LeadAwaitingReply[];
  total: number;
  names: Map<string, string>;
  me: string;
  now: Date;
}) {
  return (
    <DashboardCard
      id="dashboard-awaiting-reply"
      title="Waiting on a reply"
      count={total}
      seeAll={{ href: "/messages", label: "Messages" }}
    >
      {leads.length === 0 ? (
        <DashboardEmpty>No lead is waiting for an answer to a text (last {AWAITING_REPLY_DAYS} days).</DashboardEmpty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <li key={lead.leadId} className="px-5 py-3 text-sm">
              <div className="flex items-center justify-between gap-3">
                <Link href={`/leads/${lead.leadId}#sms`} className={`${styles.link} truncate`}>
                  {lead.leadName}
                </Link>
                <span className="shrink-0 text-xs text-slate-500">{waited(lead.receivedAt, now)}</span>
              </div>
              <p className="truncate text-slate-600">“{lead.message}”</p>
              <p className="text-xs text-slate-500">{ownerLabel(lead.assignedTo, names, me)}</p>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
