import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { errorState } from "@/lib/ui/form-errors";
import { formatInZone } from "@/lib/ui/format-date";
import type { FormState } from "@/lib/ui/form-state";
import { assertOwner } from "@/lib/users/assert-owner";
import type { Member } from "@/lib/users/get-member";
import { revealWebhookSecret, rollWebhookSecret } from "@/lib/webhooks/endpoint-secrets";

export type EndpointSecretState = FormState & {
  secret?: string;
  /** Set after a roll: until when the previous secret still signs, formatted for the page. */
  previousSecretExpiresAt?: string;
};

// The endpoint page's "Reveal secret" (`intent=reveal`) and "Roll secret" (`intent=roll`). One
// action for both, so the page shows whichever secret came last and never a stale one.
export async function endpointSecretForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<EndpointSecretState> {
  const endpointId = String(formData.get("endpointId") ?? "");
  try {
    const audit = userAuditActor(await assertOwner(member.accountId, member.userId), origin);
    if (formData.get("intent") === "roll") {
      const rolled = await rollWebhookSecret(member.accountId, endpointId, audit);
      return {
        status: "success",
        secret: rolled.secret,
        previousSecretExpiresAt: formatInZone(rolled.previousSecretExpiresAt, member.timeZone),
      };
    }
    return { status: "success", secret: await revealWebhookSecret(member.accountId, endpointId, audit) };
  } catch (error) {
    return errorState(error);
  }
}
