import Link from "next/link";
import type { PublicTask } from "@/lib/tasks/public-task";
import { formatInZone } from "@/components/ui/format-date";
import { Badge } from "@/components/ui/badge";
import type { FormState } from "@/components/ui/form-state";
import { styles } from "@/components/ui/styles";
import { utcToZoned } from "@/components/visits/zoned-time";
import { TASK_STATUS_LABELS, TASK_TYPE_LABELS } from "./task-labels";
import { TaskRescheduleForm } from "./task-reschedule-form";
import { TaskStatusButton } from "./task-status-button";

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

// Tasks as rows: due time in the viewer's zone (red when an open task is past it), what, about
// which lead, for whom, and the row's actions (done or reopen, reschedule an open one).
export function TaskList({
  tasks,
  zone,
  now,
  leadNames,
  memberNames,
  statusAction,
  rescheduleAction,
  showLead = true,
}: {
  tasks: readonly PublicTask[];
  zone: string;
  now: Date;
  leadNames: ReadonlyMap<string, string>;
  memberNames: ReadonlyMap<string, string>;
  statusAction: Action;
  rescheduleAction: Action;
  showLead?: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-100">
      {tasks.map((task) => {
        const overdue = task.status === "open" && Date.parse(task.dueAt) < now.getTime();
        const local = utcToZoned(task.dueAt, zone);
        return (
          <li key={task.id} className="flex items-start gap-4 px-5 py-3 text-sm" data-testid="task-row">
            <time
              dateTime={task.dueAt}
              className={`w-36 shrink-0 ${overdue ? "font-medium text-red-700" : "text-slate-700"}`}
            >
              {formatInZone(task.dueAt, zone, "dateTime")}
              {overdue ? <span className="block text-xs">Overdue</span> : null}
            </time>
            <div className="min-w-0 flex-1 space-y-1">
              <p className={task.status === "open" ? "font-medium text-slate-900" : "text-slate-500 line-through"}>
                {task.title}
              </p>
              <p className="truncate text-xs text-slate-500">
                {TASK_TYPE_LABELS[task.type]}
                {showLead && task.leadId ? (
                  <>
                    {" · "}
                    <Link href={`/leads/${task.leadId}`} className={styles.link}>
                      {leadNames.get(task.leadId) ?? "Lead"}
                    </Link>
                  </>
                ) : null}
                {" · "}
                {memberNames.get(task.assignedTo) ?? "Former member"}
                {task.status !== "open" ? (
                  <>
                    {" "}
                    <Badge tone={task.status === "done" ? "emerald" : "slate"}>{TASK_STATUS_LABELS[task.status]}</Badge>
                  </>
                ) : null}
              </p>
              {task.status === "open" ? (
                <TaskRescheduleForm
                  taskId={task.id}
                  title={task.title}
                  date={local.date}
                  time={local.time}
                  action={rescheduleAction}
                />
              ) : null}
            </div>
            {task.status !== "cancelled" ? (
              <TaskStatusButton taskId={task.id} status={task.status} title={task.title} action={statusAction} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
