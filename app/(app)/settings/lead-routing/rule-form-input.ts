import type { RoutingRuleInput } from "@/lib/schemas/lead-routing";

// A rule's form → routingRuleInput's shape: lists typed comma or line separated, numbers left
// out when blank, custom field conditions one `key = value` a line (a number or true/false is
// taken as one), agents in the order their boxes are ticked on the page (the round robin's order).

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "").trim();
const list = (formData: FormData, name: string) =>
  text(formData, name)
    .split(/[\n,]/)
    .map((value) => value.trim())
    .filter(Boolean);
const optionalNumber = (formData: FormData, name: string) => {
  const value = text(formData, name).replace(/[\s,]/g, "");
  return value === "" ? undefined : Number(value);
};

function customFieldConditions(formData: FormData): Record<string, string | number | boolean> | undefined {
  const entries = text(formData, "customFields")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line): [string, string | number | boolean] => {
      const [key, ...rest] = line.split("=");
      const value = rest.join("=").trim();
      if (value === "true" || value === "false") return [key.trim(), value === "true"];
      return [key.trim(), value !== "" && Number.isFinite(Number(value)) ? Number(value) : value];
    });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export function ruleInputOf(formData: FormData): RoutingRuleInput {
  const sources = list(formData, "sources");
  const tags = list(formData, "tags");
  const interests = formData.getAll("interests").map(String) as NonNullable<
    RoutingRuleInput["conditions"]
  >["interests"];
  const reroute = optionalNumber(formData, "rerouteAfterMinutes");
  return {
    name: text(formData, "name"),
    conditions: {
      ...(sources.length && { sources }),
      ...(tags.length && { tags }),
      ...(interests?.length && { interests }),
      ...(optionalNumber(formData, "budgetMin") !== undefined && { budgetMin: optionalNumber(formData, "budgetMin") }),
      ...(optionalNumber(formData, "budgetMax") !== undefined && { budgetMax: optionalNumber(formData, "budgetMax") }),
      ...(customFieldConditions(formData) && { customFields: customFieldConditions(formData) }),
    },
    agentIds: formData.getAll("agentIds").map(String),
    rerouteAfterMinutes: reroute ?? null,
  };
}
