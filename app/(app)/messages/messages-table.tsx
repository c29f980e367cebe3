import Link from "next/link";
import type { OutboxMessage } from "@/lib/sms/list-outbox";
import { formatDateTime } from "@/lib/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";

const STATUS = {
  sent: ["Sent", "emerald"],
  queued: ["Queued", "amber"],
  failed: ["Failed", "red"],
  received: ["Received", "sky"],
} as const;

// Every SMS, newest first. A failed one shows the provider's reason, for staff only.
export function OutboxTable({ messages }: { messages: OutboxMessage[] }) {
  return (
    <DataTable
      label="SMS messages"
      columns={[
        { label: "Sent" },
        { label: "Lead" },
        { label: "Message", className: "hidden md:table-cell" },
        { label: "Status" },
      ]}
    >
      {messages.map((sms) => {
        const [label, tone] = STATUS[sms.status];
        return (
          <tr key={sms.id} data-testid="outbox-row" className="align-top">
            <td className={`${styles.td} whitespace-nowrap align-top`}>
              <time dateTime={sms.createdAt}>{formatDateTime(new Date(sms.createdAt))}</time>
              <span className="block text-xs text-slate-500">via {sms.provider}</span>
            </td>
            <td className={`${styles.td} align-top`}>
              {sms.leadDeleted ? (
                <span className="text-slate-500">{sms.leadName} (deleted)</span>
              ) : (
                <Link href={`/leads/${sms.leadId}`} className={styles.link}>
                  {sms.leadName}
                </Link>
              )}
              <span className="block whitespace-nowrap text-xs text-slate-500">{sms.to}</span>
              <p className="mt-1 line-clamp-3 max-w-xs whitespace-pre-wrap break-words text-slate-700 md:hidden">
                {sms.message}
              </p>
            </td>
            <td className={`${styles.td} hidden max-w-md align-top md:table-cell`}>
              <p className="line-clamp-3 whitespace-pre-wrap break-words" title={sms.message}>
                {sms.message}
              </p>
            </td>
            <td className={`${styles.td} align-top`}>
              <Badge tone={tone}>{label}</Badge>
              {sms.error ? <span className="mt-1 block max-w-52 text-xs text-red-800">{sms.error}</span> : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
