import Link from "next/link";
import type { UnreadConversation } from "@/lib/sms/list-unread-conversations";
import { formatInZone } from "@/components/ui/format-date";
import { styles } from "@/components/ui/styles";

// Leads whose replies no one has opened: the lead's thread marks them read once it is on screen.
export function UnreadConversations({
  conversations,
  timeZone,
}: {
  conversations: UnreadConversation[];
  timeZone: string;
}) {
  return (
    <section className={`${styles.card} p-5`} aria-label="Unread replies">
      <h2 className="text-sm font-semibold text-slate-900">Unread replies</h2>
      {conversations.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">You are all caught up.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {conversations.map((c) => (
            <li key={c.leadId} data-testid="unread-conversation" className="flex items-center justify-between py-2">
              <Link href={`/leads/${c.leadId}#sms`} className={styles.link}>
                {c.leadName}
              </Link>
              <span className="text-sm text-slate-600">
                <span data-testid="unread-count" className="font-medium text-slate-900">
                  {c.unread}
                </span>{" "}
                unread · <time dateTime={c.lastAt}>{formatInZone(c.lastAt, timeZone)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
