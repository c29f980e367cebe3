"use server";

import { formAction } from "@/app/_forms/form-action";
import { deleteRoutingRule } from "@/lib/routing/delete-routing-rule";
import { moveRoutingRule } from "@/lib/routing/move-routing-rule";
import { saveRoutingRule } from "@/lib/routing/save-routing-rule";
import { setAgentAvailable } from "@/lib/routing/set-agent-available";
import { routingRuleInput } from "@/lib/schemas/lead-routing";
import { ruleInputOf } from "./rule-form-input";

// Settings → Lead routing, owners only. Plain forms: after any outcome the page is refreshed and
// shows it as a notice or an error (with each field's message) in its address.

const PATH = "/settings/lead-routing";

const OPTIONS = {
  role: "owner",
  plain: true,
  revalidate: () => [PATH, "/dashboard"],
  redirect: (state: { status: string; message?: string; fieldErrors?: Record<string, string> }) => {
    const errors = Object.entries(state.fieldErrors ?? {}).map(([field, message]) => `${field}: ${message}`);
    const text = [state.message, ...errors].filter(Boolean).join(" ");
    return `${PATH}?${state.status === "success" ? "notice" : "error"}=${encodeURIComponent(text)}`;
  },
} as const;

const RULE_OPTIONS = {
  ...OPTIONS,
  schema: routingRuleInput,
  input: (formData: FormData) => ({ input: ruleInputOf(formData) }),
};

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "").trim();

// A new rule (no ruleId: it goes last, before the default) or an edit of one.
export const saveRuleAction = formAction(RULE_OPTIONS, async ({ member, input, formData, audit }) => {
  const ruleId = text(formData, "ruleId") || undefined;
  await saveRoutingRule({ accountId: member.accountId, ruleId }, input, audit);
  return { status: "success", message: `Rule “${input.name}” saved.` };
});

// The default rule: no conditions; no agent leaves unmatched leads unassigned.
export const saveDefaultRuleAction = formAction(RULE_OPTIONS, async ({ member, input, audit }) => {
  await saveRoutingRule({ accountId: member.accountId, isDefault: true }, input, audit);
  return { status: "success", message: "Default rule saved." };
});

export const moveRuleAction = formAction(OPTIONS, async ({ member, formData, audit }) => {
  const direction = text(formData, "direction") === "up" ? "up" : "down";
  await moveRoutingRule(member.accountId, text(formData, "ruleId"), direction, audit);
  return { status: "success", message: "Order saved." };
});

export const deleteRuleAction = formAction(OPTIONS, async ({ member, formData, audit }) => {
  const { name } = await deleteRoutingRule(member.accountId, text(formData, "ruleId"), audit);
  return { status: "success", message: `Rule “${name}” deleted.` };
});

export const setAvailabilityAction = formAction(OPTIONS, async ({ member, formData, audit }) => {
  const available = text(formData, "available") === "true";
  await setAgentAvailable(member.accountId, text(formData, "userId"), available, audit);
  return {
    status: "success",
    message: available
      ? "Marked available: round robin gives them leads again."
      : "Marked unavailable: round robin skips them.",
  };
});
