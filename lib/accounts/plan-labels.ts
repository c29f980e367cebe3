import type { Plan } from "@/lib/domain/enums";

export const PLAN_LABELS: Record<Plan, string> = {
  starter: "Starter",
  professional: "Professional",
  agency: "Agency",
};
