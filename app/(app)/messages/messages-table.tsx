import Link from "next/link";
import type { AccountMessage } from "@/lib/sms/list-messages";
import { formatInZone } from "@/components/ui/format-date";
import { formatPhone } from "@/components/ui/format-phone";
import { Badge } from "@/components/ui/badge";
import { SMS_STATUS_LABELS } from "@/components/leads/sms-status-labels";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";

// Every SMS, both directions, newest first. A failed one shows the provider's reason, for staff
// only; a reply no one has opened yet is marked new. Times in the viewer's zone, named; phones as
// the leads list shows them (national for the account's country).
export function MessagesTable({
  messages,
  timeZone,
  country,
}: {
  messages: AccountMessage[];
  timeZone: string;
  country: string;
}) {
  return (
    <DataTable
      label="SMS messages"
      columns={[
        { label: "When" },
        { label: "Lead" },
        { label: "Message", className: "hidden md:table-cell" },
        { label: "Status" },
      ]}
    >
      {messages.map((sms) => {
        const [label, tone] = SMS_STATUS_LABELS[sms.status];
        const inbound = sms.direction === "inbound";
        return (
          <tr
            key={sms.id}
            data-testid="message-row"
            data-direction={sms.direction}
            className={`align-top ${sms.unread ? "bg-sky-50/60" : ""}`}
          >
            <td className={`${styles.td} whitespace-nowrap align-top`}>
              <time dateTime={sms.createdAt}>{formatInZone(sms.createdAt, timeZone, "stamp")}</time>
              <span className="block text-xs text-slate-500">
                {inbound ? "Received" : "Sent"} via {sms.provider}
              </span>
            </td>
            <td className={`${styles.td} align-top`}>
              {sms.leadDeleted ? (
                <span className="text-slate-500">{sms.leadName} (deleted)</span>
              ) : (
                <Link href={`/leads/${sms.leadId}#sms`} className={styles.link}>
                  {sms.leadName}
                </Link>
              )}
              <span className="block whitespace-nowrap text-xs text-slate-500">
                {inbound
                  ? `from ${sms.from ? formatPhone(sms.from, country) : "unknown"}`
                  : `to ${formatPhone(sms.to, country)}`}
              </span>
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
              <div className="flex flex-wrap gap-1">
                <Badge tone={tone}>{label}</Badge>
                {sms.unread ? <Badge tone="indigo">New</Badge> : null}
              </div>
              {sms.error ? <span className="mt-1 block max-w-52 text-xs text-red-800">{sms.error}</span> : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
