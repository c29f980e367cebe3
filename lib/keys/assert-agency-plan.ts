import { API_PLAN } from "@/lib/accounts/api-plan";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { ApiError } from "@/lib/errors/api-error";

/** Only the Agency plan gets new secrets (creating or rolling a key). */
export function assertAgencyPlan(plan: string): void {
  if (plan !== API_PLAN) {
    throw new ApiError("plan_required", `The Public API is available on the ${PLAN_LABELS[API_PLAN]} plan.`);
  }
}
