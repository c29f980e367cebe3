import Link from "next/link";
import type { RequestLogEntry } from "@/lib/request-logs/request-log-entry";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import { HttpStatusBadge } from "./http-status-badge";
import { formatInZone } from "@/components/ui/format-date";
import { formatCount } from "./format-usage";
import { requestLogHref } from "./usage-href";

// The most recent requests of a key (or of all keys, each row naming its key). The request id
// opens the entry: it is the one value an integrator has in their own logs (the X-Request-Id
// header) to match a row against.
export function RecentRequestsTable({
  entries,
  emptyText,
  keyNames,
  timeZone,
}: {
  entries: RequestLogEntry[];
  emptyText: string;
  /** The viewer's zone (Member.timeZone): each row's time is shown there, named. */
  timeZone: string;
  /** Given when the table mixes keys: a "Key" column names each row's. */
  keyNames?: ReadonlyMap<string, string>;
}) {
  if (entries.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-slate-600">{emptyText}</p>;
  }
  return (
    <DataTable
      label="Recent requests"
      columns={[
        { label: "Time" },
        ...(keyNames ? [{ label: "Key" }] : []),
        { label: "Method" },
        { label: "Path" },
        { label: "Status" },
        { label: "Duration", className: "text-right" },
        { label: "Request id" },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.id} data-testid="request-log-row">
          <td className={`${styles.td} whitespace-nowrap tabular-nums`}>
            <time dateTime={entry.createdAt.toISOString()}>{formatInZone(entry.createdAt, timeZone, "logTime")}</time>
          </td>
          {keyNames ? (
            <td className={`${styles.td} max-w-40 truncate`}>{keyNames.get(entry.apiKeyId) ?? "Deleted key"}</td>
          ) : null}
          <td className={`${styles.td} font-mono text-xs`}>{entry.method}</td>
          <td className={`${styles.td} max-w-64 truncate font-mono text-xs`} title={entry.path}>
            {entry.path}
          </td>
          <td className={styles.td}>
            <HttpStatusBadge status={entry.status} />
            {entry.errorCode ? <span className="ml-2 font-mono text-xs text-slate-500">{entry.errorCode}</span> : null}
          </td>
          <td className={`${styles.td} whitespace-nowrap text-right tabular-nums`}>
            {formatCount(entry.durationMs)} ms
          </td>
          <td className={styles.td}>
            {/* Whole on a table row; on a phone's card it wraps rather than run past the card's edge. */}
            <Link href={requestLogHref(entry.id)} className={`${styles.link} font-mono text-xs sm:whitespace-nowrap`}>
              {entry.requestId}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
