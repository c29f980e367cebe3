import { type ActivityType } from "@/lib/domain/enums";
import Link from "next/link";
import type { PublicActivity } from "@/lib/activities/public-activity";
import { formatInZone } from "@/components/ui/format-date";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { styles } from "@/components/ui/styles";
import { ActivityChanges, type NameLookups } from "./activity-changes";
import { fieldsInSummary, timelineSummary } from "./activity-summary";

const TYPE_LABELS: Record<ActivityType, [string, BadgeTone]> = {
  lead_created: ["Created", "emerald"],
  lead_updated: ["Updated", "slate"],
  lead_status_changed: ["Status", "indigo"],
  lead_deleted: ["Deleted", "red"],
  visit_scheduled: ["Visit", "amber"],
  sms_sent: ["SMS", "sky"],
  sms_failed: ["SMS failed", "red"],
  note: ["Note", "violet"],
  inquiry: ["Inquiry", "emerald"],
  sms_received: ["SMS reply", "sky"],
  sms_opted_out: ["Opted out", "red"],
  sms_opted_in: ["Opted in", "emerald"],
  sms_scheduled: ["SMS scheduled", "indigo"],
  sms_cancelled: ["SMS cancelled", "slate"],
  sms_consent_changed: ["Consent", "violet"],
  task_completed: ["Task done", "emerald"],
  lead_assigned: ["Assigned", "indigo"],
};

/** Who did it: a person, an API key by its name, or the system (an automatic move: for whom). */
function actorLabel({ actor, data }: PublicActivity): string {
  if (actor.type === "api_key") return `API key “${actor.name}”`;
  const by = data.onBehalfOf;
  if (actor.type === "system" && by && data.trigger) {
    const name = by.type === "api_key" ? `API key “${by.name}”` : by.name;
    return data.trigger === "visit"
      ? `Automatically, after ${name} booked a visit`
      : `Automatically, after ${name}’s ${data.trigger}`;
  }
  return actor.name;
}

// A lead's timeline, newest first. Notes show their whole text (once), SMS their message,
// updates what changed in readable values. Times are in the viewer's zone (`zone`), also those
// inside summaries; money in the account's `currency`.
export function ActivityTimeline({
  activities,
  zone,
  names,
  currency,
  smsText,
  olderHref,
  newestHref,
}: {
  activities: PublicActivity[];
  zone: string;
  names: NameLookups;
  currency: string;
  smsText: Map<string, string>;
  olderHref: string | null;
  newestHref: string | null;
}) {
  if (activities.length === 0) return <EmptyState title="No activity yet" />;
  return (
    <div>
      <ol className="divide-y divide-slate-100" aria-label="Activity">
        {activities.map((activity) => {
          const [label, tone] = TYPE_LABELS[activity.type];
          const summary = timelineSummary(activity, zone);
          const text =
            activity.type === "note"
              ? activity.data.text
              : typeof activity.data.smsId === "string"
                ? smsText.get(activity.data.smsId)
                : undefined;
          return (
            <li key={activity.id} data-testid="activity" data-type={activity.type} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Badge tone={tone}>{label}</Badge>
                {summary ? <p className="text-sm font-medium text-slate-900">{summary}</p> : null}
              </div>
              {typeof text === "string" ? (
                <p className="mt-1.5 whitespace-pre-wrap break-words rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
                  {text}
                </p>
              ) : null}
              <ActivityChanges
                data={activity.data}
                names={names}
                zone={zone}
                currency={currency}
                omit={fieldsInSummary(activity)}
              />
              <p className="mt-1 text-xs text-slate-500">
                <span data-testid="activity-actor">{actorLabel(activity)}</span> ·{" "}
                <time dateTime={activity.createdAt}>{formatInZone(activity.createdAt, zone)}</time>
              </p>
            </li>
          );
        })}
      </ol>
      {olderHref || newestHref ? (
        <div className="flex justify-between gap-2 border-t border-slate-100 px-4 py-3 text-sm">
          {newestHref ? (
            <Link href={newestHref} className={styles.link}>
              Back to the latest
            </Link>
          ) : (
            <span />
          )}
          {olderHref ? (
            <Link href={olderHref} className={styles.link}>
              Older activity
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
