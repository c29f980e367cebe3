export const PLAN_LABELS: Record<Plan, string> = {
  starter: "Starter",
  professional: "Professional",
  agency: "Agency",
};

/** The plan that includes the Public API (the API wrapper enforces it per request too). */
export const API_PLAN: Plan = "agency";
import { type Plan } from "@/lib/domain/enums";
