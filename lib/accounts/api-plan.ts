import type { Plan } from "@/lib/domain/enums";

/** The only plan that includes the Public API and webhooks: the API wrapper refuses other plans'
 * keys (403 plan_required), the dispatcher delivers only to its accounts, and the settings pages
 * offer keys and endpoints only on it. */
export const API_PLAN: Plan = "agency";
