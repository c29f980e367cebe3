import { Fragment } from "react";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import { AUDIT_ACTIONS } from "@/lib/audit/audit-actions";
import { formatAuditChanges } from "./format-audit-changes";
import type { AuditEntryView } from "@/lib/audit/list-audit-entries";
import { formatInZone } from "@/components/ui/format-date";

// A user agent is mostly noise after its first words; the whole of it is one hover away and in
// the CSV export.
const USER_AGENT_SHOWN = 40;

const ACTOR_KINDS: Record<AuditEntryView["actorType"], string> = {
  user: "User",
  api_key: "API key",
  cli: "CLI",
  system: "System",
};

// Long unbroken text (action codes, ids, URLs in changes, user agents) may break anywhere: a
// table's columns cannot be narrower than their longest word, and those words made it 1,368 px
// wide in a 1,104 px page at 1280, the From column off-screen (issue 35).
export function AuditLogTable({ entries, timeZone }: { entries: AuditEntryView[]; timeZone: string }) {
  return (
    <DataTable
      label="Audit log"
      columns={[
        { label: "When" },
        { label: "Actor" },
        { label: "Action" },
        { label: "Target" },
        { label: "Changes" },
        { label: "From" },
      ]}
    >
      {entries.map((entry) => (
        <AuditLogRow key={entry.id} entry={entry} timeZone={timeZone} />
      ))}
    </DataTable>
  );
}

/** "api_key.created" breaks after its dot or underscore before anywhere else. */
const atDots = (code: string) =>
  code.split(/(?<=[._])/).map((part, i) => (
    <Fragment key={i}>
      {i ? <wbr /> : null}
      {part}
    </Fragment>
  ));

function AuditLogRow({ entry, timeZone }: { entry: AuditEntryView; timeZone: string }) {
  const changes = formatAuditChanges(entry.changes, timeZone);
  const userAgent = entry.userAgent ?? "";
  return (
    <tr data-testid="audit-entry" data-action={entry.action}>
      <td className={`${styles.td} whitespace-nowrap align-top`}>
        <time dateTime={entry.occurredAt.toISOString()}>{formatInZone(entry.occurredAt, timeZone, "stamp")}</time>
      </td>
      <td className={`${styles.td} align-top`}>
        <span className="block text-slate-900">{entry.actorLabel}</span>
        <span className="block text-xs text-slate-500">{ACTOR_KINDS[entry.actorType]}</span>
      </td>
      <td className={`${styles.td} align-top`}>
        <span className="block text-slate-900">{AUDIT_ACTIONS[entry.action] ?? entry.action}</span>
        <code className="block font-mono text-xs wrap-anywhere text-slate-500">{atDots(entry.action)}</code>
      </td>
      <td className={`${styles.td} align-top wrap-anywhere`}>
        {entry.targetLabel ?? entry.targetId ?? "—"}
        {entry.targetLabel && entry.targetId ? (
          <code className="block select-all font-mono text-xs text-slate-500">{entry.targetId}</code>
        ) : null}
      </td>
      <td className={`${styles.td} align-top`}>
        {changes.length ? (
          <ul className="space-y-0.5 text-xs">
            {changes.map((change) => (
              <li key={change} className="font-mono wrap-anywhere">
                {change}
              </li>
            ))}
          </ul>
        ) : (
          "—"
        )}
      </td>
      {/* The IP address above the user agent: one column, so the table fits a laptop screen. */}
      <td className={`${styles.td} align-top text-xs`}>
        <span className="block font-mono wrap-anywhere">{entry.ip ?? "—"}</span>
        <span className="block wrap-anywhere text-slate-500" title={userAgent || undefined}>
          {userAgent.length > USER_AGENT_SHOWN ? `${userAgent.slice(0, USER_AGENT_SHOWN)}…` : userAgent || "—"}
        </span>
      </td>
    </tr>
  );
}
