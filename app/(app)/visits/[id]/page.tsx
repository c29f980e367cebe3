import type { Metadata } from "next";
import Link from "next/link";
import { visitFormOptions, visitValues } from "@/components/visits/visit-form-options";
import { zoneLabel } from "@/components/ui/format-date";
import { formatInZone } from "@/components/ui/format-date";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { VISIT_STATUS_LABELS, VISIT_STATUS_TONES } from "@/lib/visits/visit-outcome";
import { VisitForm } from "@/components/visits/visit-form";
import { VisitOutcomeButtons } from "@/components/visits/visit-outcome-buttons";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DetailRow } from "@/components/ui/detail-row";
import { FlashNotice } from "@/components/ui/flash-notice";
import { Panel } from "@/components/ui/panel";
import { styles } from "@/components/ui/styles";
import { rescheduleVisitAction, setVisitStatusAction } from "../actions";
import { loadVisit } from "./load-visit";
import { NextStatusOffer } from "@/components/leads/next-status-offer";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { getPublicLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { statusAfterCompletedVisit } from "@/lib/leads/pipeline-moves";
import { changeStatusAction } from "../../leads/[id]/actions";

export const metadata: Metadata = { title: "Visit" };

// A scheduled visit is cancelled through "Cancel visit" (a confirm step), not a one-click outcome.
const SCHEDULED_OUTCOMES = ["completed", "no_show"] as const;
const NOTICES: Record<string, string> = { booked: "Visit booked. It is on the lead's timeline." };

// One visit: when (in the viewer's zone), where, with whom; reschedule it while it is
// scheduled, cancel it, or record how it went.
export default async function VisitPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const { id } = await params;
  const query = singleParams(await searchParams);
  const { member, record: visit } = await loadVisit(id);
  const zone = member.timeZone;
  const options = await visitFormOptions(member.accountId, { duration: visit.durationMinutes, agentId: visit.agentId });
  const end = new Date(Date.parse(visit.scheduledAt) + visit.durationMinutes * 60_000);
  const when = formatInZone(visit.scheduledAt, zone);
  const editable = visit.status === "scheduled" && !visit.leadDeleted;
  // Marked completed here: offer the lead's next status (Settings → Pipeline), never a move.
  const offered =
    visit.status === "completed" && !visit.leadDeleted ? await nextStatusOffered(member.accountId, visit.leadId) : null;

  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <Link href="/visits" className={`${styles.link} text-sm`}>
          ← Visits
        </Link>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Visit with {visit.leadName}</h1>
              <Badge tone={VISIT_STATUS_TONES[visit.status]}>{VISIT_STATUS_LABELS[visit.status]}</Badge>
            </div>
            <p className="text-sm text-slate-700" data-testid="visit-when">
              <time dateTime={visit.scheduledAt}>{when}</time> – {formatInZone(end, zone, "time")}
            </p>
          </div>
          {visit.leadDeleted ? null : (
            <div className="flex flex-wrap items-center gap-2">
              {editable && !visit.upcoming ? <span className="text-sm text-slate-600">How did it go?</span> : null}
              <VisitOutcomeButtons
                visitId={visit.id}
                status={visit.status}
                describedAs="this visit"
                action={setVisitStatusAction}
                upcoming={visit.upcoming}
                offer={editable ? SCHEDULED_OUTCOMES : undefined}
              />
            </div>
          )}
        </div>
      </div>
      {query.notice && NOTICES[query.notice] ? <FlashNotice>{NOTICES[query.notice]}</FlashNotice> : null}
      {offered ? (
        <NextStatusOffer
          key={`${visit.id}-${offered.version}`}
          leadId={visit.leadId}
          leadName={visit.leadName}
          next={offered.next}
          visitWhen={when}
          action={changeStatusAction}
        />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <Panel title="Details" id="details">
            <dl className="divide-y divide-slate-100">
              <DetailRow term="Lead">
                {visit.leadDeleted ? (
                  `${visit.leadName} (deleted)`
                ) : (
                  <Link href={`/leads/${visit.leadId}`} className={styles.link}>
                    {visit.leadName}
                  </Link>
                )}
              </DetailRow>
              <DetailRow term="Property">
                {visit.propertyId ? (
                  <Link href={`/properties/${visit.propertyId}`} className={styles.link}>
                    {visit.propertyTitle}
                  </Link>
                ) : (
                  "Property removed"
                )}
              </DetailRow>
              <DetailRow term="Length">{visit.durationMinutes} min</DetailRow>
              <DetailRow term="Agent">{visit.agentName ?? "No agent"}</DetailRow>
              <DetailRow term="Notes">
                <span className="whitespace-pre-line">{visit.notes ?? "—"}</span>
              </DetailRow>
              <DetailRow term="Booked">{formatInZone(visit.createdAt, zone)}</DetailRow>
            </dl>
          </Panel>
        </div>
        <div className="space-y-6 lg:col-span-3">
          {editable ? (
            <Panel title="Reschedule" id="reschedule">
              <div className="space-y-5 p-5 sm:p-6">
                <VisitForm
                  action={rescheduleVisitAction}
                  hidden={{ visitId: visit.id }}
                  initial={visitValues(visit, zone)}
                  agents={options.agents}
                  durations={options.durations}
                  zoneLabel={zoneLabel(zone)}
                  submitLabel="Save new time"
                  pendingLabel="Saving…"
                  canOverrideConflict={member.role === "owner"}
                />
                <div className="border-t border-slate-100 pt-4">
                  <ConfirmDialog
                    triggerLabel="Cancel visit"
                    title={`Cancel the visit with ${visit.leadName}?`}
                    description={
                      <p>
                        The visit of {when} is marked cancelled and the lead&apos;s timeline says so. Book a new one
                        when they are ready.
                      </p>
                    }
                    confirmLabel="Cancel visit"
                    pendingLabel="Cancelling…"
                    action={setVisitStatusAction}
                    fields={{ visitId: visit.id, status: "cancelled" }}
                  />
                </div>
              </div>
            </Panel>
          ) : (
            <Panel title="Reschedule" id="reschedule">
              <p className="p-5 text-sm text-slate-600">
                {visit.leadDeleted
                  ? "The lead was deleted: this visit is kept as history."
                  : `This visit is ${VISIT_STATUS_LABELS[visit.status].toLowerCase()}: it stays in the history as it was. Book a new visit from the lead's page.`}
              </p>
            </Panel>
          )}
        </div>
      </div>
    </div>
  );
}

/** The status a completed visit offers its lead, with the lead's version (a new offer per change). */
async function nextStatusOffered(accountId: string, leadId: string) {
  const [account, lead] = await Promise.all([getAccountOrThrow(accountId), getPublicLeadOrThrow(accountId, leadId)]);
  const next = account.offerStatusAfterVisit ? statusAfterCompletedVisit(lead.status) : null;
  return next && { next, version: lead.version };
}
