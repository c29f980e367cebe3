import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { FlashNotice } from "@/components/ui/flash-notice";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { requireMember } from "@/lib/auth/get-current-member";
import { listAgentAvailability } from "@/lib/routing/list-agent-availability";
import { listRoutingRules, type RoutingRuleRow } from "@/lib/routing/list-routing-rules";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import {
  deleteRuleAction,
  moveRuleAction,
  saveDefaultRuleAction,
  saveRuleAction,
  setAvailabilityAction,
} from "./actions";
import { RuleFields, type AgentOption } from "./rule-fields";

export const metadata: Metadata = { title: "Lead routing" };

function describeConditions({ conditions }: RoutingRuleRow): string {
  const parts = [
    conditions.sources?.length && `source is ${conditions.sources.join(" or ")}`,
    conditions.tags?.length && `tagged ${conditions.tags.join(" or ")}`,
    conditions.interests?.length && `wants to ${conditions.interests.join(" or ")}`,
    conditions.budgetMin !== undefined && `budget ≥ ${conditions.budgetMin.toLocaleString("en-US")}`,
    conditions.budgetMax !== undefined && `budget ≤ ${conditions.budgetMax.toLocaleString("en-US")}`,
    ...Object.entries(conditions.customFields ?? {}).map(([key, value]) => `${key} = ${String(value)}`),
  ].filter(Boolean);
  return parts.length ? `When ${parts.join(", ")}` : "Every lead";
}

function describeTarget(rule: RoutingRuleRow, agents: AgentOption[]): string {
  const names = rule.agentIds.map((id) => {
    const agent = agents.find((a) => a.userId === id);
    return agent ? `${agent.name}${agent.available ? "" : " (unavailable)"}` : "a former member";
  });
  if (names.length === 0) return "leave unassigned";
  if (names.length === 1) return `assign to ${names[0]}`;
  return `round robin: ${names.join(", ")}`;
}

// Settings → Lead routing: the rules every new lead without an assignee goes through, in order.
export default async function LeadRoutingSettingsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const [rules, agents] = await Promise.all([
    listRoutingRules(member.accountId),
    listAgentAvailability(member.accountId),
  ]);
  const { notice, error } = singleParams(await searchParams);
  const ordered = rules.filter((r) => !r.isDefault);
  const fallback = rules.find((r) => r.isDefault);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Lead routing"
        description="Every lead created without an assignee (the API, intake, batch, CSV import, a text from a new number, the New lead form) goes to the first rule below whose conditions all hold, then to the default rule. A rule gives it to one agent or to its agents in turn (round robin), and the answer that creates the lead already names the agent. An agent marked unavailable is skipped; a rule with nobody available passes the lead on."
      />
      {notice ? <FlashNotice>{notice}</FlashNotice> : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      <section aria-labelledby="availability-title" className={`${styles.card} space-y-3 p-5`}>
        <h2 id="availability-title" className="text-base font-semibold text-slate-900">
          Agents
        </h2>
        <ul className="divide-y divide-slate-100">
          {agents.map((agent) => (
            <li key={agent.userId} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{agent.name}</span>{" "}
                {agent.available ? (
                  <span className="text-emerald-700">available</span>
                ) : (
                  <span className="text-amber-700">unavailable: round robin skips them</span>
                )}
              </span>
              <form action={setAvailabilityAction}>
                <input type="hidden" name="userId" value={agent.userId} />
                <input type="hidden" name="available" value={agent.available ? "false" : "true"} />
                <button type="submit" className={styles.smallButton}>
                  {agent.available ? `Mark ${agent.name} unavailable` : `Mark ${agent.name} available`}
                </button>
              </form>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="rules-title" className={`${styles.card} space-y-3 p-5`}>
        <h2 id="rules-title" className="text-base font-semibold text-slate-900">
          Rules, in order
        </h2>
        {ordered.length === 0 ? <p className="text-sm text-slate-600">No rules yet.</p> : null}
        <ol className="space-y-3">
          {ordered.map((rule, i) => (
            <li key={rule.id} className="rounded-md border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">
                  <span className="font-medium text-slate-900">
                    {i + 1}. {rule.name}
                  </span>{" "}
                  · {describeConditions(rule)} → {describeTarget(rule, agents)}
                  {rule.rerouteAfterMinutes ? ` · re-route after ${rule.rerouteAfterMinutes} min without contact` : ""}
                </p>
                <div className="flex gap-2">
                  {(["up", "down"] as const).map((direction) => (
                    <form key={direction} action={moveRuleAction}>
                      <input type="hidden" name="ruleId" value={rule.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <button
                        type="submit"
                        className={styles.smallButton}
                        aria-label={`Move ${rule.name} ${direction}`}
                        disabled={direction === "up" ? i === 0 : i === ordered.length - 1}
                      >
                        {direction === "up" ? "↑" : "↓"}
                      </button>
                    </form>
                  ))}
                  <form action={deleteRuleAction}>
                    <input type="hidden" name="ruleId" value={rule.id} />
                    <button type="submit" className={styles.dangerTextButton} aria-label={`Delete ${rule.name}`}>
                      Delete
                    </button>
                  </form>
                </div>
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-indigo-700">Edit {rule.name}</summary>
                <form action={saveRuleAction} className="mt-3 space-y-3">
                  <input type="hidden" name="ruleId" value={rule.id} />
                  <RuleFields agents={agents} values={rule} />
                  <button type="submit" className={styles.secondaryButton}>
                    Save {rule.name}
                  </button>
                </form>
              </details>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="default-title" className={`${styles.card} space-y-3 p-5`}>
        <h2 id="default-title" className="text-base font-semibold text-slate-900">
          Default rule
        </h2>
        <p className="text-sm text-slate-600">
          {fallback
            ? `Leads no rule takes: ${describeTarget(fallback, agents)}.`
            : "None yet: leads no rule takes stay unassigned."}
        </p>
        <form action={saveDefaultRuleAction} aria-label="Default rule" className="space-y-3">
          <RuleFields
            agents={agents}
            values={fallback ?? { name: "Everyone else", conditions: {}, agentIds: [], rerouteAfterMinutes: null }}
            withConditions={false}
          />
          <button type="submit" className={styles.secondaryButton}>
            Save the default rule
          </button>
        </form>
      </section>

      <section aria-labelledby="new-rule-title" className={`${styles.card} space-y-3 p-5`}>
        <h2 id="new-rule-title" className="text-base font-semibold text-slate-900">
          New rule
        </h2>
        <form action={saveRuleAction} aria-label="New rule" className="space-y-3">
          <RuleFields agents={agents} />
          <button type="submit" className={styles.primaryButton}>
            Add rule
          </button>
        </form>
      </section>
    </div>
  );
}
