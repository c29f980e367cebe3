import type { PublicSms } from "@/lib/sms/public-sms";
import { formatInZone } from "@/components/ui/format-date";
import { Badge } from "@/components/ui/badge";
import { smsStateLabel } from "@/components/leads/sms-status-labels";

/** A message as the thread shows it. The inbox passes what staff see too (the provider's delivery
 * report and failure reason); the lead page shows the API's shape. */
export type ThreadMessage = PublicSms & { deliveredAt?: string | null; error?: string | null };

// The conversation with the lead, oldest first and newest last, as a phone shows it: the lead's
// messages on the left, ours on the right with their delivery status. `newIds`: replies no one
// had read when the page was rendered (read by the explicit "Mark read": mark-sms-read-button.tsx).
// Times in the viewer's zone (`zone`).
export function SmsThread({
  messages,
  zone,
  newIds,
  cancelAction,
}: {
  messages: ThreadMessage[];
  zone: string;
  newIds: Set<string>;
  /** Cancels a scheduled message (quiet hours or a chosen time) before it goes out. */
  cancelAction: (formData: FormData) => Promise<void>;
}) {
  if (messages.length === 0) return <p className="text-sm text-slate-600">No messages with this lead yet.</p>;
  return (
    <ol className="space-y-2" aria-label="Thread">
      {messages.map((sms) => {
        const inbound = sms.direction === "inbound";
        const [label, tone] = smsStateLabel(sms);
        return (
          <li
            key={sms.id}
            data-testid="thread-message"
            data-direction={sms.direction}
            className={`flex ${inbound ? "justify-start" : "justify-end"}`}
          >
            <div
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${inbound ? "bg-slate-100 text-slate-900" : "bg-indigo-50 text-slate-900"}`}
            >
              <p className="whitespace-pre-wrap break-words">{sms.message}</p>
              <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                <time dateTime={sms.createdAt}>{formatInZone(sms.createdAt, zone)}</time>
                <Badge tone={tone}>{label}</Badge>
                {newIds.has(sms.id) ? <Badge tone="indigo">New</Badge> : null}
              </p>
              {sms.status === "failed" && sms.error ? (
                <p data-testid="sms-error" className="mt-1 text-xs text-red-800">
                  {sms.error}
                </p>
              ) : null}
              {sms.status === "scheduled" && sms.sendAt ? (
                <form action={cancelAction} className="mt-1 flex items-center gap-2 text-xs text-slate-600">
                  <input type="hidden" name="leadId" value={sms.leadId} />
                  <input type="hidden" name="smsId" value={sms.id} />
                  <span data-testid="sms-send-at">
                    Goes out <time dateTime={sms.sendAt}>{formatInZone(sms.sendAt, zone)}</time>
                  </span>
                  <button type="submit" className="font-medium text-red-700 hover:underline">
                    Cancel
                  </button>
                </form>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
