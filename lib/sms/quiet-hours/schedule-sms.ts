import type { Db, Tx } from "@/db/client";
import { smsMessages } from "@/db/schema";
import { recordActivity, type Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids/new-id";
import { enqueue } from "@/lib/jobs/enqueue";
import { sendScheduledSmsQueue } from "@/lib/jobs/workers/send-scheduled-sms";
import { inTransaction } from "@/lib/query/after-commit";
import { getSmsProvider } from "../get-sms-provider";
import { toPublicSms } from "../public-sms";

interface ScheduledSms {
  accountId: string;
  leadId: string;
  to: string;
  message: string;
  sendAt: Date;
}

// One transaction: the `scheduled` message, its sms_scheduled activity, the sms.scheduled event and
// the job that sends it at sendAt. The job exists if and only if the message does.
export async function scheduleSms(db: Db, sms: ScheduledSms, actor: Actor) {
  return inTransaction(db, (tx) => scheduleSmsIn(tx, sms, actor));
}

/** The same in the caller's transaction: a bulk text schedules each lead's message with its
 * batch (lib/bulk-actions), so a batch rolled back leaves no message and no job. */
export async function scheduleSmsIn(tx: Tx, sms: ScheduledSms, actor: Actor) {
  const [row] = await tx
    .insert(smsMessages)
    .values({ id: newId("sms"), ...sms, status: "scheduled", provider: getSmsProvider().name })
    .returning();
  await recordActivity(
    tx,
    { accountId: sms.accountId, leadId: sms.leadId, actor },
    { kind: "sms_scheduled", smsId: row.id, to: sms.to, sendAt: sms.sendAt },
  );
  await recordEvent(tx, sms.accountId, actor, { type: "sms.scheduled", object: toPublicSms(row) });
  await enqueue(tx, sendScheduledSmsQueue, { smsId: row.id, accountId: sms.accountId }, { startAfter: sms.sendAt });
  return row;
}
