import Link from "next/link";
import type { ScheduledVisit } from "@/lib/visits/list-visits-by-schedule";
import { VISIT_STATUS_LABELS, VISIT_STATUS_TONES } from "@/lib/visits/visit-outcome";
import { formatInZone } from "@/components/ui/format-date";
import type { FormState } from "@/components/ui/form-state";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";
import { VisitOutcomeButtons } from "./visit-outcome-buttons";

type Column = "lead" | "property";

// Property and agent give way to the other columns on a narrow table (640 px up), but a phone's
// card (below 640 px, DataTable) has room for every line: there they show, each with its label.
const PROPERTY_CELL = "sm:max-md:hidden";
const AGENT_CELL = "sm:max-lg:hidden";

// Visits with their lead, property and agent, times in the viewer's zone (`zone`), each
// linking to its visit page (reschedule, cancel). The lead and property pages hide their own column
// and are `narrow`: their panel is two fifths of the page, where six columns ran past its edge
// (the status and the actions were cut off at 1280 px). There the agent goes under the time and the
// actions under the status, so three columns remain.
export function VisitsTable({
  visits,
  zone,
  hide = [],
  narrow = false,
  action,
}: {
  visits: ScheduledVisit[];
  zone: string;
  hide?: Column[];
  narrow?: boolean;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  return (
    <DataTable
      label="Visits"
      columns={[
        { label: "When" },
        hide.includes("lead") ? null : { label: "Lead" },
        hide.includes("property") ? null : { label: "Property", className: narrow ? undefined : PROPERTY_CELL },
        narrow ? null : { label: "Agent", className: AGENT_CELL },
        { label: "Status" },
        narrow ? null : { label: "Actions", srOnly: true },
      ]}
    >
      {visits.map((visit) => {
        const when = formatInZone(visit.scheduledAt, zone);
        const agent = visit.agentName ?? <span className="text-slate-500">No agent</span>;
        const actions = visit.leadDeleted ? null : (
          <VisitOutcomeButtons
            visitId={visit.id}
            status={visit.status}
            describedAs={`visit with ${visit.leadName} on ${when}`}
            action={action}
            upcoming={visit.upcoming}
          />
        );
        return (
          <tr key={visit.id} data-testid="visit-row">
            <td className={`${styles.td} whitespace-nowrap`}>
              <Link href={`/visits/${visit.id}`} className={styles.link}>
                <time dateTime={visit.scheduledAt}>{when}</time>
              </Link>
              <span className="block text-xs text-slate-500">
                {visit.durationMinutes} min{narrow ? <> · {agent}</> : null}
              </span>
            </td>
            {hide.includes("lead") ? null : (
              <td className={styles.td}>
                {visit.leadDeleted ? (
                  <span className="text-slate-500">{visit.leadName} (deleted)</span>
                ) : (
                  <Link href={`/leads/${visit.leadId}`} className={styles.link}>
                    {visit.leadName}
                  </Link>
                )}
              </td>
            )}
            {hide.includes("property") ? null : (
              <td className={narrow ? styles.td : `${styles.td} ${PROPERTY_CELL}`}>
                {visit.propertyId ? (
                  <Link href={`/properties/${visit.propertyId}`} className={styles.link}>
                    {visit.propertyTitle}
                  </Link>
                ) : (
                  <span className="text-slate-500">Property removed</span>
                )}
              </td>
            )}
            {narrow ? null : <td className={`${styles.td} ${AGENT_CELL}`}>{agent}</td>}
            <td className={styles.td}>
              <Badge tone={VISIT_STATUS_TONES[visit.status]}>{VISIT_STATUS_LABELS[visit.status]}</Badge>
              {visit.needsOutcome ? <span className="block pt-1 text-xs text-amber-800">Needs an outcome</span> : null}
              {narrow && actions ? <div className="pt-2">{actions}</div> : null}
            </td>
            {narrow ? null : <td className={`${styles.td} text-right`}>{actions}</td>}
          </tr>
        );
      })}
    </DataTable>
  );
}
