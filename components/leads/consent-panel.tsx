import { listActivities } from "@/lib/activities/list-activities";
import type { LeadConsent, SmsConsent } from "@/lib/domain/enums";
import { formatInZone } from "@/components/ui/format-date";
import type { FormState } from "@/components/ui/form-state";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { DetailRow } from "@/components/ui/detail-row";
import { ConsentForm } from "./consent-form";

const STATUS: Record<SmsConsent["status"], { label: string; tone: BadgeTone }> = {
  granted: { label: "Granted", tone: "emerald" },
  revoked: { label: "Revoked", tone: "red" },
  unknown: { label: "Not recorded", tone: "slate" },
};
const HISTORY_LENGTH = 10;

/** One line of the record's history: "Granted · web form · Tue 24 Nov, 14:30 EST". */
function historyLine(record: SmsConsent, zone: string): string {
  return [STATUS[record.status].label, record.source, record.at ? formatInZone(record.at, zone) : null]
    .filter(Boolean)
    .join(" · ");
}

// The lead's SMS consent as a compliance officer reads it: the record now (status, when, how,
// the words, the address) and every change to it, newest first, each with who made it.
export async function ConsentPanel({
  accountId,
  leadId,
  consent,
  zone,
  grantBlocked,
  action,
}: {
  accountId: string;
  leadId: string;
  consent: LeadConsent;
  zone: string;
  grantBlocked: boolean;
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const { sms } = consent;
  const history = await listActivities(accountId, {
    leadId,
    type: "sms_consent_changed",
    limit: HISTORY_LENGTH,
    sort: "-createdAt",
  });
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-slate-100" aria-label="SMS consent record">
        <DetailRow term="Status">
          <Badge tone={STATUS[sms.status].tone}>{STATUS[sms.status].label}</Badge>
        </DetailRow>
        {sms.at ? <DetailRow term="When">{formatInZone(sms.at, zone)}</DetailRow> : null}
        {sms.source ? <DetailRow term="How">{sms.source}</DetailRow> : null}
        {sms.text ? <DetailRow term="Words">{sms.text}</DetailRow> : null}
        {sms.ip ? <DetailRow term="From address">{sms.ip}</DetailRow> : null}
      </dl>
      {history.data.length ? (
        <div className="px-5">
          <h3 className="text-sm font-medium text-slate-700">History</h3>
          <ol className="mt-2 space-y-1 text-sm text-slate-600" aria-label="Consent history">
            {history.data.map((activity) => {
              const change = activity.data.changes?.["consent.sms"] as [SmsConsent, SmsConsent] | undefined;
              return (
                <li key={activity.id}>
                  {change ? historyLine(change[1], zone) : activity.summary}
                  <span className="text-slate-400">
                    {" "}
                    · recorded {formatInZone(activity.createdAt, zone)} by {activity.actor.name}
                  </span>
                </li>
              );
            })}
          </ol>
          {history.meta.hasMore ? (
            <p className="mt-1 text-xs text-slate-500">Older changes are in the activity timeline.</p>
          ) : null}
        </div>
      ) : null}
      <details className="border-t border-slate-100 px-5 pt-3 pb-5">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          Record consent given or withdrawn
        </summary>
        <div className="mt-3">
          {grantBlocked ? (
            <p className="mb-3 text-sm text-slate-600">
              This lead withdrew consent by replying STOP. Only the lead can grant it again, by texting START.
            </p>
          ) : null}
          <ConsentForm leadId={leadId} action={action} zone={zone} grantBlocked={grantBlocked} />
        </div>
      </details>
    </div>
  );
}
