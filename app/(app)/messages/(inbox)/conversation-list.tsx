import Link from "next/link";
import type { Conversation } from "@/lib/sms/list-conversations";
import { Badge } from "@/components/ui/badge";
import { formatInZone } from "@/components/ui/format-date";
import { formatPhone } from "@/components/ui/format-phone";
import { smsStateLabel } from "@/components/leads/sms-status-labels";

// The inbox's rows: one per lead, the latest message either way with its state, unread ones in
// bold with their count. The whole row opens the conversation (a GET: it marks nothing read).
export function ConversationList({
  conversations,
  timeZone,
  country,
}: {
  conversations: Conversation[];
  timeZone: string;
  country: string;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Conversations">
      {conversations.map((c) => {
        const [label, tone] = smsStateLabel(c.last);
        const inbound = c.last.direction === "inbound";
        const unread = c.unread > 0;
        return (
          <li key={c.leadId} data-testid="conversation-row" data-unread={unread}>
            <Link
              href={`/messages/${c.leadId}`}
              className={`flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none sm:px-5 ${unread ? "bg-sky-50/50" : ""}`}
            >
              <span
                aria-hidden="true"
                className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? "bg-indigo-600" : "bg-transparent"}`}
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-3">
                  <span
                    className={`truncate text-sm ${unread ? "font-semibold text-slate-900" : "font-medium text-slate-800"}`}
                  >
                    {c.leadName}
                  </span>
                  <time dateTime={c.last.createdAt} className="shrink-0 text-xs text-slate-500">
                    {formatInZone(c.last.createdAt, timeZone, "stamp")}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span
                    className={`line-clamp-1 min-w-0 flex-1 break-all text-sm ${unread ? "text-slate-900" : "text-slate-600"}`}
                  >
                    {inbound ? null : <span className="text-slate-500">You: </span>}
                    {c.last.message}
                  </span>
                  {unread ? (
                    <span data-testid="unread-count" className="shrink-0">
                      <Badge tone="indigo">{c.unread} unread</Badge>
                    </span>
                  ) : (
                    <span className="shrink-0">
                      <Badge tone={tone}>{label}</Badge>
                    </span>
                  )}
                </span>
                {c.leadPhone ? (
                  <span className="mt-0.5 block text-xs text-slate-500">{formatPhone(c.leadPhone, country)}</span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
