import { DateTime } from "luxon";
import type { PublicTask } from "@/lib/tasks/public-task";
import { EmptyState } from "@/components/ui/empty-state";
import type { FormState } from "@/components/ui/form-state";
import { Panel } from "@/components/ui/panel";
import { TaskAddForm } from "./task-add-form";
import { TaskList } from "./task-list";

type Action = (previous: FormState, formData: FormData) => Promise<FormState>;

// The lead page's Tasks: what is to be done about this lead (open first, soonest due first), each
// done or rescheduled in place, and "Add task" for it. Completing one writes task_completed on the
// timeline beside it.
export function LeadTasksPanel({
  leadId,
  tasks,
  zone,
  me,
  members,
  memberNames,
  actions,
}: {
  leadId: string;
  tasks: readonly PublicTask[];
  zone: string;
  me: string;
  members: ReadonlyArray<{ value: string; label: string }>;
  memberNames: ReadonlyMap<string, string>;
  actions: { add: Action; status: Action; reschedule: Action };
}) {
  const now = new Date();
  const ordered = [...tasks.filter((t) => t.status === "open"), ...tasks.filter((t) => t.status !== "open")];
  return (
    <Panel title="Tasks" id="tasks">
      {ordered.length ? (
        <TaskList
          tasks={ordered}
          zone={zone}
          now={now}
          leadNames={new Map()}
          memberNames={memberNames}
          statusAction={actions.status}
          rescheduleAction={actions.reschedule}
          showLead={false}
        />
      ) : (
        <EmptyState title="No tasks yet">Add a call back or a follow-up below.</EmptyState>
      )}
      <div className="border-t border-slate-100 p-4 sm:px-5">
        <TaskAddForm
          action={actions.add}
          members={members}
          me={me}
          leadId={leadId}
          defaultDate={DateTime.fromJSDate(now).setZone(zone).toFormat("yyyy-MM-dd")}
        />
      </div>
    </Panel>
  );
}
