import { getDb } from "@/db/client";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { smsMessages } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { ApiError } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/activities/record-activity";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";
import { inTransaction } from "@/lib/query/after-commit";
import { assertSmsConsent } from "./assert-sms-consent";
import { isNumberOptedOut } from "./number-opt-outs";
import { senderOf } from "./sms-sender";
import { deliverSms } from "./deliver-sms";
import { getSmsProvider } from "./get-sms-provider";
import { toPublicSms, type PublicSms } from "./public-sms";
import { hasRecentInboundSms } from "./quiet-hours/has-recent-inbound-sms";
import { leadTimeZones } from "./quiet-hours/lead-time-zones";
import { nextWindowOpening } from "./quiet-hours/quiet-hours-window";
import { scheduleSms } from "./quiet-hours/schedule-sms";

export interface SendSmsOptions {
  /** Send at this time instead of now (must be in the future); moved to the window's next opening
   * if it falls in the lead's quiet hours. */
  sendAt?: Date;
  /** Send now though the lead's quiet hours have begun: only a reply to a lead who wrote within 24
   * hours, and audited as `sms.quiet_hours_overridden`. */
  ignoreQuietHours?: boolean;
  /** Who to write the override's audit entry for (the API key or the signed-in user). */
  auditActor?: AuditActor;
}

// Now, or scheduled: quiet hours (the account's setting, default on) hold a text sent outside
// 08:00–21:00 in the lead's local time until 08:00; an explicit `sendAt` schedules it. An immediate
// send: 1. records the message as queued (so a crash mid-send leaves a trace, never a silent
// resend); 2. calls the provider outside any transaction; 3. stores the outcome, its activity and
// its event together (deliverSms).
export async function sendSmsToLead(
  accountId: string,
  leadId: string,
  message: string,
  actor: Actor,
  options: SendSmsOptions = {},
): Promise<PublicSms> {
  const db = await getDb();
  const [lead, account] = await Promise.all([getLeadOrThrow(db, accountId, leadId), getAccountOrThrow(accountId, db)]);
  if (!lead.phone)
    throw new ApiError("lead_has_no_phone", "This lead has no phone number. Add one before sending an SMS.");
  if (lead.smsOptOut) throw new ApiError("lead_opted_out", "This lead opted out of SMS.");
  // The number's own STOP, whichever lead it reached: checked before a send and before scheduling.
  if (await isNumberOptedOut(db, accountId, lead.phone, senderOf(account)))
    throw new ApiError(
      "lead_opted_out",
      "This phone number opted out of SMS from your number by replying STOP. Only the recipient can opt back in, by texting START.",
    );
  assertSmsConsent(account, lead);
  const to = lead.phone;

  const now = new Date();
  if (options.sendAt && options.sendAt.getTime() <= now.getTime())
    throw new ApiError("validation_error", "sendAt must be in the future.", [
      { path: "sendAt", message: "must be in the future" },
    ]);
  const { zones } = await leadTimeZones(lead, account.timezone);
  const zone = zones.join(", ");
  const wanted = options.sendAt ?? now;
  const opening = account.smsQuietHours ? nextWindowOpening(wanted, zones) : null;
  const sendAt = options.ignoreQuietHours && !options.sendAt ? null : (opening ?? options.sendAt ?? null);
  if (sendAt) return toPublicSms(await scheduleSms(db, { accountId, leadId, to, message, sendAt }, actor));

  // The override is checked and audited only when it changes something: inside the window the
  // text would go out now anyway.
  const overriding = options.ignoreQuietHours === true && opening !== null;
  if (overriding && !(await hasRecentInboundSms(db, accountId, leadId, now)))
    throw new ApiError(
      "quiet_hours_override_not_allowed",
      `It is ${zone} quiet hours for this lead. ignoreQuietHours is only allowed for a reply to a lead who sent you a message in the last 24 hours; leave it out and the text goes out at 08:00 their time.`,
    );
  const queued = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(smsMessages)
      .values({ id: newId("sms"), accountId, leadId, to, message, status: "queued", provider: getSmsProvider().name })
      .returning();
    if (overriding && options.auditActor)
      await recordAudit(tx, accountId, options.auditActor, {
        action: "sms.quiet_hours_overridden",
        target: { type: "sms", id: row.id, label: to },
        changes: { timeZone: [null, zone] },
      });
    return row;
  });
  const stored = await deliverSms(db, queued, account.smsNumber ?? undefined, actor);
  if (stored.status === "failed") {
    throw new ApiError(
      "sms_provider_error",
      "The SMS provider could not take the message. It is stored as failed; retry later with a new Idempotency-Key.",
    );
  }
  return toPublicSms(stored);
}
