import { LEAD_INTERESTS } from "@/lib/domain/enums";
import type { RoutingConditions } from "@/lib/schemas/lead-routing";
import { styles } from "@/components/ui/styles";

export interface AgentOption {
  userId: string;
  name: string;
  available: boolean;
}

export interface RuleValues {
  name: string;
  conditions: RoutingConditions;
  agentIds: string[];
  rerouteAfterMinutes: number | null;
}

const EMPTY: RuleValues = { name: "", conditions: {}, agentIds: [], rerouteAfterMinutes: null };

const customFieldLines = (conditions: RoutingConditions) =>
  Object.entries(conditions.customFields ?? {})
    .map(([key, value]) => `${key} = ${String(value)}`)
    .join("\n");

// A rule's fields (rule-form-input.ts reads them back). The default rule has no conditions.
export function RuleFields({
  agents,
  values = EMPTY,
  withConditions = true,
}: {
  agents: AgentOption[];
  values?: RuleValues;
  withConditions?: boolean;
}) {
  const { conditions } = values;
  // The rule's agents first, in their turn order, then the others.
  const ordered = [
    ...values.agentIds.flatMap((id) => agents.filter((a) => a.userId === id)),
    ...agents.filter((a) => !values.agentIds.includes(a.userId)),
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="text-sm sm:col-span-2">
        Name
        <input name="name" required maxLength={100} defaultValue={values.name} className={styles.input} />
      </label>
      {withConditions ? (
        <>
          <label className="text-sm">
            Source is one of (comma separated)
            <input name="sources" defaultValue={conditions.sources?.join(", ")} className={styles.input} />
          </label>
          <label className="text-sm">
            Has one of the tags (comma separated)
            <input name="tags" defaultValue={conditions.tags?.join(", ")} className={styles.input} />
          </label>
          <fieldset className="text-sm">
            <legend>Interest is one of</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {LEAD_INTERESTS.map((interest) => (
                <label key={interest}>
                  <input
                    type="checkbox"
                    name="interests"
                    value={interest}
                    defaultChecked={conditions.interests?.includes(interest)}
                  />{" "}
                  {interest}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-2">
            <label className="text-sm">
              Budget from
              <input
                name="budgetMin"
                inputMode="numeric"
                defaultValue={conditions.budgetMin}
                className={styles.input}
              />
            </label>
            <label className="text-sm">
              Budget up to
              <input
                name="budgetMax"
                inputMode="numeric"
                defaultValue={conditions.budgetMax}
                className={styles.input}
              />
            </label>
          </div>
          <label className="text-sm sm:col-span-2">
            Custom fields (one <code>key = value</code> a line)
            <textarea
              name="customFields"
              rows={2}
              defaultValue={customFieldLines(conditions)}
              className={styles.input}
            />
          </label>
        </>
      ) : null}
      <fieldset className="text-sm sm:col-span-2">
        <legend>Agents (none: leave unassigned; one: always that agent; several: round robin, in this order)</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {ordered.map((agent) => (
            <label key={agent.userId}>
              <input
                type="checkbox"
                name="agentIds"
                value={agent.userId}
                defaultChecked={values.agentIds.includes(agent.userId)}
              />{" "}
              {agent.name}
              {agent.available ? "" : " (unavailable: skipped)"}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="text-sm">
        Re-route after minutes without contact (optional)
        <input
          name="rerouteAfterMinutes"
          inputMode="numeric"
          defaultValue={values.rerouteAfterMinutes ?? ""}
          className={styles.input}
        />
      </label>
    </div>
  );
}
