import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "@/lib/auth/get-current-member";
import { countLeadsByStatus } from "@/lib/board/count-leads-by-status";
import { getFirstRunSteps } from "@/lib/dashboard/get-first-run-steps";
import { listLeadsAwaitingReply } from "@/lib/dashboard/list-leads-awaiting-reply";
import { listMyTasks } from "@/lib/dashboard/list-my-tasks";
import { listMyUpcomingVisits } from "@/lib/dashboard/list-my-upcoming-visits";
import { listUncontactedLeads } from "@/lib/dashboard/list-uncontacted-leads";
import { accountHasLeads } from "@/lib/dashboard/account-has-leads";
import { listMyNewAssignments } from "@/lib/dashboard/list-my-new-assignments";
import { formatInZone, zoneLabel } from "@/components/ui/format-date";
import { listMembers } from "@/lib/users/list-members";
import { memberLabel } from "@/components/team/assignee-options";
import { AwaitingReplyCard, UncontactedLeadsCard } from "@/components/dashboard/lead-queue-cards";
import { FirstRunStepsCard } from "@/components/dashboard/first-run-steps-card";
import { MyTasksCard } from "@/components/dashboard/my-tasks-card";
import { NewAssignmentsCard } from "@/components/dashboard/new-assignments-card";
import { MyLeadsByStatusCard } from "@/components/dashboard/my-leads-by-status-card";
import { UpcomingVisitsCard } from "@/components/dashboard/upcoming-visits-card";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { setTaskStatusAction } from "../tasks/actions";

export const metadata: Metadata = { title: "Dashboard" };

// Where everyone lands after signing in: their new leads, the day's tasks (overdue ones first) and visits, the leads to call and to answer,
// one's own pipeline, and for owners what is left to set up. Each block is one small query.
export default async function DashboardPage() {
  const member = await requireMember();
  const now = new Date();
  const [tasks, visits, uncontacted, awaiting, myCounts, members, steps, assigned, hasLeads] = await Promise.all([
    listMyTasks(member.accountId, member.userId, member.timeZone, now),
    listMyUpcomingVisits(member.accountId, member.userId, member.timeZone, now),
    listUncontactedLeads(member.accountId),
    listLeadsAwaitingReply(member.accountId, 8, now),
    countLeadsByStatus(member.accountId, { assignedTo: member.userId }),
    listMembers(member.accountId),
    member.role === "owner" ? getFirstRunSteps(member.accountId) : Promise.resolve(null),
    listMyNewAssignments(member.accountId, member.userId),
    accountHasLeads(member.accountId),
  ]);
  const names = new Map(members.map((m) => [m.userId, memberLabel(m)]));
  return (
    <div className="space-y-5">
      <PageHeader
        title={`Hello, ${member.name.split(" ")[0]}`}
        description={`${formatInZone(now, member.timeZone, "day")} · times in ${zoneLabel(member.timeZone)}`}
        actions={
          <>
            <Link href="/leads/new" className={styles.primaryButton}>
              New lead
            </Link>
            <Link href="/leads/board" className={styles.secondaryButton}>
              Pipeline board
            </Link>
          </>
        }
      />
      {steps ? <FirstRunStepsCard steps={steps} /> : null}
      <div className="grid gap-5 lg:grid-cols-2">
        <NewAssignmentsCard leads={assigned.leads} total={assigned.total} now={now} />
        <MyTasksCard tasks={tasks} timeZone={member.timeZone} doneAction={setTaskStatusAction} />
        <UpcomingVisitsCard visits={visits} timeZone={member.timeZone} />
        <MyLeadsByStatusCard counts={myCounts} />
        <UncontactedLeadsCard
          leads={uncontacted.leads}
          total={uncontacted.total}
          hasLeads={hasLeads}
          names={names}
          me={member.userId}
          now={now}
        />
        <AwaitingReplyCard leads={awaiting.leads} total={awaiting.total} names={names} me={member.userId} now={now} />
      </div>
    </div>
  );
}
