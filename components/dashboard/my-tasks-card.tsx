import Link from "next/link";
import type { DashboardTask, MyTasks } from "@/lib/dashboard/list-my-tasks";
import { formatInZone } from "@/components/ui/format-date";
import type { FormState } from "@/components/ui/form-state";
import { styles } from "@/components/ui/styles";
import { TASK_TYPE_LABELS } from "@/components/tasks/task-labels";
import { TaskStatusButton } from "@/components/tasks/task-status-button";
import { DashboardCard, DashboardEmpty } from "./dashboard-card";

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

// The agent's open tasks: what is overdue, then what is still due today, in their own zone, each
// done in one click (which writes task_completed on its lead).
export function MyTasksCard({ tasks, timeZone, doneAction }: { tasks: MyTasks; timeZone: string; doneAction: Action }) {
  return (
    <DashboardCard
      id="dashboard-tasks"
      title="Your tasks"
      count={tasks.overdue.length + tasks.today.length}
      seeAll={{ href: "/tasks", label: "All tasks" }}
    >
      {tasks.overdue.length ? (
        <TaskGroup label="Overdue" tasks={tasks.overdue} timeZone={timeZone} doneAction={doneAction} overdue />
      ) : null}
      <TaskGroup label="Today" tasks={tasks.today} timeZone={timeZone} doneAction={doneAction} />
    </DashboardCard>
  );
}

function TaskGroup({
  label,
  tasks,
  timeZone,
  doneAction,
  overdue = false,
}: {
  label: string;
  tasks: DashboardTask[];
  timeZone: string;
  doneAction: Action;
  overdue?: boolean;
}) {
  return (
    <div>
      <h3
        className={`px-5 py-1.5 text-xs font-semibold uppercase tracking-wide ${overdue ? "bg-red-50 text-red-700" : "bg-slate-50 text-slate-500"}`}
      >
        {label}
      </h3>
      {tasks.length === 0 ? (
        <DashboardEmpty>Nothing else due today.</DashboardEmpty>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tasks.map((task) => (
            <li key={task.id} className="flex items-start gap-4 px-5 py-3 text-sm" data-testid="dashboard-task">
              <time
                dateTime={task.dueAt.toISOString()}
                className={`w-24 shrink-0 ${overdue ? "font-medium text-red-700" : "text-slate-700"}`}
              >
                {formatInZone(task.dueAt, timeZone, overdue ? "dateTime" : "time")}
              </time>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{task.title}</p>
                <p className="truncate text-xs text-slate-500">
                  {TASK_TYPE_LABELS[task.type]}
                  {task.leadId ? (
                    <>
                      {" · "}
                      <Link href={`/leads/${task.leadId}`} className={styles.link}>
                        {task.leadName ?? "Lead"}
                      </Link>
                    </>
                  ) : null}
                </p>
              </div>
              <TaskStatusButton taskId={task.id} status="open" title={task.title} action={doneAction} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
