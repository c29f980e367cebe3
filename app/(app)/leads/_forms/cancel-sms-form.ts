import { ApiError } from "@/lib/errors/api-error";
import { cancelScheduledSms } from "@/lib/sms/quiet-hours/cancel-scheduled-sms";
import { userActor } from "@/lib/activities/user-actor";
import { orNotFound } from "@/app/(app)/_shared/or-not-found";
import type { Member } from "@/lib/users/get-member";

// "Cancel" on a scheduled message in the lead's thread: the same service as
// DELETE /api/v1/leads/:id/sms/:smsId. A message that went out meanwhile is left as it is (the
// refreshed thread shows it sent). Another account's message, or one that does not exist, is the
// 404 page, as on every page: it was an unhandled error, a 500 (issue 31, finding 15).
export async function cancelSmsForm(member: Member, formData: FormData): Promise<void> {
  try {
    await orNotFound(
      cancelScheduledSms(
        member.accountId,
        String(formData.get("leadId") ?? ""),
        String(formData.get("smsId") ?? ""),
        userActor(member),
      ),
    );
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "sms_not_scheduled")) throw error;
  }
}
