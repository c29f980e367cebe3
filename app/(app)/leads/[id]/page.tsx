import type { Metadata } from "next";
import Link from "next/link";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { NOTE_MAX_LENGTH } from "@/lib/activities/note-schema";
import { listActivities } from "@/lib/activities/list-activities";
import { leadFormOptions, leadFormValues } from "@/lib/forms/leads/lead-form-options";
import { LEAD_STATUS_LABELS, LEAD_STATUS_TONES } from "@/lib/leads/lead-labels";
import { smsConsentRefusal } from "@/lib/sms/assert-sms-consent";
import { getOptOutByRecipient } from "@/lib/sms/get-opt-out-by-recipient";
import { isLogProvider } from "@/lib/sms/get-sms-provider";
import { listLeadSms } from "@/lib/sms/list-lead-sms";
import { markLeadSmsRead } from "@/lib/sms/mark-lead-sms-read";
import { hrefWith, readPagePosition } from "@/lib/ui/cursor-pager";
import { formatDate } from "@/lib/ui/format-date";
import { loadListPage } from "@/lib/ui/load-list-page";
import { singleParams, type RawSearchParams } from "@/lib/ui/search-params";
import { listVisitsBySchedule } from "@/lib/visits/list-visits-by-schedule";
import { ActivityTimeline } from "@/components/leads/activity-timeline";
import { ConsentPanel } from "@/components/leads/consent-panel";
import { CustomFieldSummary } from "@/components/custom-fields/custom-field-summary";
import { LeadForm } from "@/components/leads/lead-form";
import { NoteForm } from "@/components/leads/note-form";
import { SimulateReplyForm } from "@/components/leads/simulate-reply-form";
import { SmsForm } from "@/components/leads/sms-form";
import { SmsThread } from "@/components/leads/sms-thread";
import { quietHoursNotice } from "@/lib/sms/quiet-hours/next-send-time";
import { VisitsTable } from "@/components/visits/visits-table";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { FlashNotice } from "@/components/ui/flash-notice";
import { styles } from "@/components/ui/styles";
import { setVisitStatusAction } from "../../visits/actions";
import {
  addNoteAction,
  cancelSmsAction,
  deleteLeadAction,
  sendSmsAction,
  simulateReplyAction,
  updateLeadAction,
} from "./actions";
import { recordConsentAction } from "./consent-actions";
import { loadLead } from "./load-lead";

export const metadata: Metadata = { title: "Lead" };

const TIMELINE_PAGE = 30;
const THREAD_LENGTH = 50;
const NOTICES: Record<string, string> = {
  created: "Lead created.",
  restored: "Lead restored. Its timeline is back, and the team sees it again.",
};

export default async function LeadPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const { id } = await params;
  const query = singleParams(await searchParams);
  // Already looked up by the layout (a 404 before anything streams): see lib/ui/load-member-record.ts.
  const { member, record: lead } = await loadLead(id);
  const timelineAt = readPagePosition({ cursor: query.activities });
  const [account, options, timeline, visits, sms, newIds, optOutByRecipient, scheduleNotice] = await Promise.all([
    getAccountOrThrow(member.accountId),
    leadFormOptions(member.accountId, lead.propertyId),
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
    // Opening the lead's page is reading its thread: its replies stop counting as unread.
    markLeadSmsRead(member.accountId, lead.id),
    lead.smsOptOut ? getOptOutByRecipient(member.accountId, lead.id) : false,
    lead.phone && !lead.smsOptOut ? quietHoursNotice(member.accountId, lead.id) : null,
  ]);
  const thread = sms.data.toReversed();
  const smsDisabledReason = !lead.smsOptOut
    ? (smsConsentRefusal(account, lead) ?? undefined)
    : optOutByRecipient
      ? "This lead opted out of SMS by replying STOP. Only the lead can opt back in, by texting START."
      : "This lead opted out of SMS. Untick “Opted out of SMS” only if they asked to hear from you again.";
  const names = {
    members: new Map(options.members.map((m) => [m.value, m.label])),
    properties: new Map(options.properties.map((p) => [p.value, p.label])),
  };
  const activities = timeline === "invalid_cursor" ? null : timeline;
  const base = `/leads/${lead.id}`;
  const olderHref =
    activities?.meta.hasMore && activities.meta.cursor
      ? `${hrefWith(base, { activities: activities.meta.cursor })}#activity`
      : null;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Link href="/leads" className={`${styles.link} text-sm`}>
          ← All leads
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{lead.name}</h1>
              <Badge tone={LEAD_STATUS_TONES[lead.status]}>{LEAD_STATUS_LABELS[lead.status]}</Badge>
            </div>
            <p className="text-sm text-slate-600">
              Lead since {formatDate(new Date(lead.createdAt))}
              {lead.source ? ` · from ${lead.source}` : ""}
              {lead.tags.length ? ` · ${lead.tags.join(", ")}` : ""}
            </p>
            <CustomFieldSummary definitions={options.customFields} values={lead.customFields} />
            {/* The integrator's own id: how staff find this lead in the portal or CRM it came from. */}
            {lead.externalId ? (
              <p className="text-xs text-slate-500">
                External id <code className="font-mono text-slate-700">{lead.externalId}</code>
              </p>
            ) : null}
          </div>
          <ConfirmDialog
            triggerLabel="Delete lead"
            title={`Delete ${lead.name}?`}
            description={
              <p>
                The lead disappears from the lists and the API. Its activity is kept, and an account owner can restore
                it.
              </p>
            }
            confirmLabel="Delete lead"
            pendingLabel="Deleting…"
            action={deleteLeadAction}
            fields={{ leadId: lead.id }}
          />
        </div>
      </div>
      {query.notice && NOTICES[query.notice] ? <FlashNotice>{NOTICES[query.notice]}</FlashNotice> : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <Panel title="Details" id="details">
            <div className="p-5 sm:p-6">
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
            </div>
          </Panel>
          <Panel title="Visits" id="visits">
            {visits.data.length ? (
              <VisitsTable visits={visits.data} zone={member.timeZone} hide={["lead"]} action={setVisitStatusAction} />
            ) : (
              <EmptyState title="No visits yet">Book one here, or through the API and your booking tools.</EmptyState>
            )}
            <div className="border-t border-slate-100 px-5 py-3">
              <Link href={`/visits/new?leadId=${lead.id}`} className={styles.secondaryButton}>
                Book a visit
              </Link>
            </div>
          </Panel>
        </div>
        <div className="space-y-6 lg:col-span-2">
          <Panel title="Add note" id="note">
            <div className="p-5">
              <NoteForm leadId={lead.id} action={addNoteAction} maxLength={NOTE_MAX_LENGTH} />
            </div>
          </Panel>
          <Panel title="SMS conversation" id="sms">
            <div className="space-y-4 p-5">
              <SmsThread messages={thread} zone={member.timeZone} newIds={newIds} cancelAction={cancelSmsAction} />
              {!lead.phone ? (
                <p className="text-sm text-slate-600">
                  This lead has no phone number. Add one in the details to send an SMS.
                </p>
              ) : (
                <>
                  <SmsForm
                    leadId={lead.id}
                    to={lead.phone}
                    action={sendSmsAction}
                    disabledReason={smsDisabledReason}
                    scheduleNotice={scheduleNotice ?? undefined}
                  />
                  {isLogProvider() ? <SimulateReplyForm leadId={lead.id} action={simulateReplyAction} /> : null}
                </>
              )}
            </div>
          </Panel>
          <Panel title="SMS consent" id="consent">
            <ConsentPanel
              accountId={member.accountId}
              leadId={lead.id}
              consent={lead.consent}
              zone={account.timezone}
              grantBlocked={optOutByRecipient}
              action={recordConsentAction}
            />
          </Panel>
          <Panel title="Activity" id="activity">
            {activities ? (
              <ActivityTimeline
                activities={activities.data}
                zone={member.timeZone}
                names={names}
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
      </div>
    </div>
  );
}
