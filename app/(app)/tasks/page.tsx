import type { Metadata } from "next";
import { DateTime } from "luxon";
import { requireMember } from "@/lib/auth/get-current-member";
import { TASK_STATUSES } from "@/lib/domain/enums";
import { taskStatusSchema } from "@/lib/schemas/tasks";
import { listTasks } from "@/lib/tasks/list-tasks";
import { taskLeadNames } from "@/lib/tasks/task-lead-names";
import { listMembers } from "@/lib/users/list-members";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { TaskAddForm } from "@/components/tasks/task-add-form";
import { TASK_STATUS_LABELS } from "@/components/tasks/task-labels";
import { TaskList } from "@/components/tasks/task-list";
import { hrefWith, pagerLinks, readPagePosition } from "@/components/ui/cursor-pager";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Panel } from "@/components/ui/panel";
import { SelectField } from "@/components/ui/select-field";
import { StaleLinkNotice } from "@/components/ui/stale-link-notice";
import { styles } from "@/components/ui/styles";
import { addTaskAction, rescheduleTaskAction, setTaskStatusAction } from "./actions";

export const metadata: Metadata = { title: "Tasks" };

const PAGE_SIZE = 25;
const WHEN = ["overdue", "today", "upcoming"] as const;
type When = (typeof WHEN)[number];
const WHEN_OPTIONS = [
  { value: "", label: "Any time" },
  { value: "overdue", label: "Overdue" },
  { value: "today", label: "Due today" },
  { value: "upcoming", label: "After today" },
];

/** The due range a "when" filter means, in the viewer's zone: overdue is before now. */
function dueRange(when: When | undefined, zone: string, now: Date): { dueAfter?: Date; dueBefore?: Date } {
  const startOfToday = DateTime.fromJSDate(now).setZone(zone).startOf("day");
  const endOfToday = startOfToday.plus({ days: 1 }).toJSDate();
  if (when === "overdue") return { dueBefore: now };
  if (when === "today") return { dueAfter: startOfToday.toJSDate(), dueBefore: endOfToday };
  if (when === "upcoming") return { dueAfter: endOfToday };
  return {};
}

// Everyone's tasks or one agent's (mine by default), by status and due time, soonest first, each
// done, reopened or rescheduled in place; "Add task" above. Filters are in the URL (a GET form).
export default async function TasksPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  const params = singleParams(await searchParams);
  const now = new Date();
  const zone = member.timeZone;
  const members = await listMembers(member.accountId);
  // "" (the default) is mine, "all" is everyone's, else a member's id.
  const who = params.who === "all" || members.some((m) => m.userId === params.who) ? params.who : "";
  const status = params.status === "any" ? undefined : (taskStatusSchema.safeParse(params.status).data ?? "open");
  const when = WHEN.find((w) => w === params.when);
  const filters = { who: who || undefined, status: params.status, when };
  const position = readPagePosition(params);
  const page = await loadListPage(
    listTasks(
      member.accountId,
      {
        limit: PAGE_SIZE,
        cursor: position.cursor,
        sort: "dueAt",
        assignedTo: who === "all" ? undefined : who || member.userId,
        status,
        ...dueRange(when, zone, now),
      },
      async () => member.userId,
    ),
  );
  const leadNames =
    page === "invalid_cursor" ? new Map<string, string>() : await taskLeadNames(member.accountId, page.data);
  const memberNames = new Map(members.map((m) => [m.userId, m.name]));
  const assignable = members.filter((m) => m.active).map((m) => ({ value: m.userId, label: m.name }));
  return (
    <div className="space-y-5">
      <PageHeader
        title="Tasks"
        description={`Calls, follow-ups and showings to do. Times are in ${zone.replace(/_/g, " ")}; each agent gets the day's list by email at 08:00 their time.`}
      />
      <Panel title="Add a task" id="add-task">
        <div className="p-4 sm:px-5">
          <TaskAddForm
            action={addTaskAction}
            members={assignable}
            me={member.userId}
            defaultDate={DateTime.fromJSDate(now).setZone(zone).toFormat("yyyy-MM-dd")}
          />
        </div>
      </Panel>
      <FilterBar action="/tasks" label="Filter tasks" clearHref={hrefWith("/tasks", {})}>
        <div className="sm:w-48">
          <SelectField
            label="Whose"
            name="who"
            idPrefix="filter"
            defaultValue={who}
            options={[
              { value: "", label: "Mine" },
              { value: "all", label: "Everyone's" },
              ...members.filter((m) => m.userId !== member.userId).map((m) => ({ value: m.userId, label: m.name })),
            ]}
          />
        </div>
        <div className="sm:w-40">
          <SelectField
            label="Status"
            name="status"
            idPrefix="filter"
            defaultValue={params.status === "any" ? "any" : (status ?? "open")}
            options={[
              ...TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] })),
              { value: "any", label: "Any status" },
            ]}
          />
        </div>
        <div className="sm:w-40">
          <SelectField label="Due" name="when" idPrefix="filter" defaultValue={when ?? ""} options={WHEN_OPTIONS} />
        </div>
      </FilterBar>
      <section className={`${styles.card} overflow-hidden`} aria-label="Tasks">
        {page === "invalid_cursor" ? (
          <StaleLinkNotice firstPage={hrefWith("/tasks", filters)} />
        ) : page.data.length === 0 ? (
          <EmptyState title="No tasks match these filters">Add one above, or from a lead&apos;s page.</EmptyState>
        ) : (
          <>
            <TaskList
              tasks={page.data}
              zone={zone}
              now={now}
              leadNames={leadNames}
              memberNames={memberNames}
              statusAction={setTaskStatusAction}
              rescheduleAction={rescheduleTaskAction}
            />
            <Pager label="Tasks" links={pagerLinks("/tasks", filters, position, page.meta)} shown={page.data.length} />
          </>
        )}
      </section>
    </div>
  );
}
