import type { Metadata } from "next";
import Link from "next/link";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { NOTE_MAX_LENGTH } from "@/lib/activities/note-schema";
import { listActivities } from "@/lib/activities/list-activities";
import { leadFormOptions, leadFormValues } from "@/components/leads/lead-form-options";
import { getOptOutByRecipient } from "@/lib/sms/get-opt-out-by-recipient";
import { listLeadSms } from "@/lib/sms/list-lead-sms";
import { listUnreadLeadSmsIds } from "@/lib/sms/list-unread-lead-sms-ids";
import { quietHoursNotice } from "@/lib/sms/quiet-hours/next-send-time";
import { leadTimeZones } from "@/lib/sms/quiet-hours/lead-time-zones";
import { hrefWith, readPagePosition } from "@/components/ui/cursor-pager";
import { loadListPage } from "@/app/(app)/_shared/load-list-page";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { listTasks } from "@/lib/tasks/list-tasks";
import { LeadTasksPanel } from "@/components/tasks/lead-tasks-panel";
import { ActivityTimeline } from "@/components/leads/activity-timeline";
import { ConsentPanel } from "@/components/leads/consent-panel";
import { LeadDeleteSection } from "@/components/leads/lead-delete-section";
import { DetailsPanel } from "@/components/ui/details-panel";
import { LeadDetailsSummary } from "@/components/leads/lead-details-summary";
import { LeadForm } from "@/components/leads/lead-form";
import { LeadHeader } from "@/components/leads/lead-header";
import { LeadSmsPanel } from "@/components/leads/lead-sms-panel";
import { MarkSmsReadButton } from "@/components/leads/mark-sms-read-button";
import { NextStatusOffer } from "@/components/leads/next-status-offer";
import { NoteForm } from "@/components/leads/note-form";
import { formatInZone } from "@/components/ui/format-date";
import { statusAfterCompletedVisit } from "@/lib/leads/pipeline-moves";
import { VisitsTable } from "@/components/visits/visits-table";
import { EmptyState } from "@/components/ui/empty-state";
import { FlashNotice } from "@/components/ui/flash-notice";
import { Panel } from "@/components/ui/panel";
import { styles } from "@/components/ui/styles";
import { setVisitStatusAction } from "../../visits/actions";
import { addTaskAction, rescheduleTaskAction, setTaskStatusAction } from "../../tasks/actions";
import { markReadAction } from "../../messages/actions";
import {
  addNoteAction,
  cancelSmsAction,
  recordConsentAction,
  changeOwnerAction,
  changeStatusAction,
  deleteLeadAction,
  sendSmsAction,
  simulateReplyAction,
  updateLeadAction,
} from "./actions";
import { loadLead } from "./load-lead";

export const metadata: Metadata = { title: "Lead" };

const TIMELINE_PAGE = 30;
const THREAD_LENGTH = 50;
const NOTICES: Record<string, string> = {
  created: "Lead created.",
  restored: "Lead restored. Its timeline is back, and the team sees it again.",
};

// The lead as a workspace: the header (status and owner changed in place, call, text, email),
// then the timeline with the note box above it as the main column, and beside it (below it on
// a phone) visits, details (read-only, "Edit" opens the form), the SMS conversation, consent.
export default async function LeadPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const { id } = await params;
  const query = singleParams(await searchParams);
  // Already looked up by the layout (a 404 before anything streams): see app/(app)/_shared/load-member-record.ts.
  const { member, record: lead } = await loadLead(id);
  const timelineAt = readPagePosition({ cursor: query.activities });
  // The lead's tasks, soonest due first (a lead has a handful; 50 is far beyond what one needs).
  const tasksLoad = listTasks(
    member.accountId,
    { leadId: lead.id, sort: "dueAt", limit: 50 },
    async () => member.userId,
  );
  const [account, options, timeline, visits, sms, newIds, optOutByRecipient, scheduleNotice] = await Promise.all([
    getAccountOrThrow(member.accountId),
    leadFormOptions(member.accountId, {
      propertyId: lead.propertyId,
      timezone: lead.timezone,
      assignedTo: lead.assignedTo,
    }),
    loadListPage(
      listActivities(member.accountId, {
        leadId: lead.id,
        limit: TIMELINE_PAGE,
        sort: "-createdAt",
        cursor: timelineAt.cursor,
      }),
    ),
    listVisitsBySchedule(member.accountId, { leadId: lead.id, order: "desc", limit: 50 }),
    listLeadSms(member.accountId, lead.id, { limit: THREAD_LENGTH, sort: "-createdAt" }),
    // Shown as new; read only by the explicit "Mark read" (a POST), never by this render.
    listUnreadLeadSmsIds(member.accountId, lead.id),
    lead.smsOptOut ? getOptOutByRecipient(member.accountId, lead.id) : false,
    lead.phone && !lead.smsOptOut ? quietHoursNotice(member.accountId, lead.id) : null,
  ]);
  const timeZones = await leadTimeZones(lead, account.timezone);
  const leadTasks = await tasksLoad;
  const names = {
    members: new Map(options.members.map((m) => [m.value, m.label])),
    properties: new Map(options.properties.map((p) => [p.value, p.label])),
  };
  const activities = timeline === "invalid_cursor" ? null : timeline;
  const base = `/leads/${lead.id}`;
  // The lead's latest visit done, and none booked after it: offer the next status (Settings →
  // Pipeline), a choice for the agent, never a move.
  const lastVisit = visits.data[0];
  const nextStatus =
    account.offerStatusAfterVisit && lastVisit?.status === "completed" ? statusAfterCompletedVisit(lead.status) : null;
  const olderHref =
    activities?.meta.hasMore && activities.meta.cursor
      ? `${hrefWith(base, { activities: activities.meta.cursor })}#activity`
      : null;

  return (
    <div className="space-y-6">
      <LeadHeader
        lead={lead}
        country={account.defaultCountry}
        statuses={options.statuses}
        members={options.members}
        statusAction={changeStatusAction}
        ownerAction={changeOwnerAction}
        timeZone={member.timeZone}
      />
      {query.notice && NOTICES[query.notice] ? <FlashNotice>{NOTICES[query.notice]}</FlashNotice> : null}
      {nextStatus ? (
        <NextStatusOffer
          key={`${lastVisit.id}-${lead.version}`}
          leadId={lead.id}
          leadName={lead.name}
          next={nextStatus}
          visitWhen={formatInZone(lastVisit.scheduledAt, member.timeZone)}
          action={changeStatusAction}
        />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <Panel title="Activity" id="activity">
            <div className="border-b border-slate-100 p-4 sm:px-5">
              <NoteForm leadId={lead.id} action={addNoteAction} maxLength={NOTE_MAX_LENGTH} />
            </div>
            {activities ? (
              <ActivityTimeline
                activities={activities.data}
                zone={member.timeZone}
                names={names}
                currency={account.currency}
                smsText={new Map(sms.data.map((m) => [m.id, m.message]))}
                olderHref={olderHref}
                newestHref={timelineAt.cursor ? `${base}#activity` : null}
              />
            ) : (
              <EmptyState
                title="This timeline link is out of date"
                action={
                  <Link href={`${base}#activity`} className={styles.secondaryButton}>
                    Show the latest activity
                  </Link>
                }
              />
            )}
          </Panel>
        </div>
        <div className="space-y-6 lg:col-span-2">
          <LeadTasksPanel
            leadId={lead.id}
            tasks={leadTasks.data}
            zone={member.timeZone}
            me={member.userId}
            members={options.members.filter((m) => m.value !== "")}
            memberNames={names.members}
            actions={{ add: addTaskAction, status: setTaskStatusAction, reschedule: rescheduleTaskAction }}
          />
          <Panel title="Visits" id="visits">
            {visits.data.length ? (
              <VisitsTable
                visits={visits.data}
                zone={member.timeZone}
                hide={["lead"]}
                narrow
                action={setVisitStatusAction}
              />
            ) : (
              <EmptyState title="No visits yet">Book one here, or through the API and your booking tools.</EmptyState>
            )}
            <div className="border-t border-slate-100 px-5 py-3">
              <Link href={`/visits/new?leadId=${lead.id}`} className={styles.secondaryButton}>
                Book a visit
              </Link>
            </div>
          </Panel>
          <Panel title="Details" id="details">
            <DetailsPanel
              formId="lead-details-form"
              summary={
                <LeadDetailsSummary
                  lead={lead}
                  currency={account.currency}
                  propertyName={lead.propertyId ? (names.properties.get(lead.propertyId) ?? null) : null}
                  timeZones={timeZones}
                  customFields={options.customFields}
                />
              }
              form={
                <LeadForm
                  revision={lead.updatedAt}
                  action={updateLeadAction}
                  leadId={lead.id}
                  initial={leadFormValues(lead)}
                  options={options}
                  submitLabel="Save changes"
                  pendingLabel="Saving…"
                  currency={account.currency}
                  optOutByRecipient={optOutByRecipient}
                />
              }
            />
          </Panel>
          <Panel title="SMS conversation" id="sms">
            {newIds.size ? (
              <div className="border-b border-slate-100 px-5 py-3">
                <MarkSmsReadButton leadId={lead.id} smsIds={[...newIds]} action={markReadAction} />
              </div>
            ) : null}
            <LeadSmsPanel
              account={account}
              lead={lead}
              thread={sms.data.toReversed()}
              zone={member.timeZone}
              newIds={newIds}
              optOutByRecipient={optOutByRecipient}
              scheduleNotice={scheduleNotice}
              actions={{ send: sendSmsAction, simulateReply: simulateReplyAction, cancel: cancelSmsAction }}
            />
          </Panel>
          <Panel title="SMS consent" id="consent">
            <ConsentPanel
              accountId={member.accountId}
              leadId={lead.id}
              consent={lead.consent}
              zone={member.timeZone}
              grantBlocked={optOutByRecipient}
              action={recordConsentAction}
            />
          </Panel>
        </div>
      </div>
      <LeadDeleteSection leadId={lead.id} name={lead.name} action={deleteLeadAction} />
    </div>
  );
}
