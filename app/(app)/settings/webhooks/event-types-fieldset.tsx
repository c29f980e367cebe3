"use client";

import { useState } from "react";
import { RadioOptions, type RadioOption } from "@/components/ui/radio-options";
import { styles } from "@/components/ui/styles";
import { EVENT_GROUPS } from "./event-groups";

const SCOPES: RadioOption<"all" | "chosen">[] = [
  ["all", "All events", "Including types added later."],
  ["chosen", "Choose event types", "Only the types you tick."],
];

// "All events" (including types added later) or a chosen list, one group of boxes per object.
// The boxes only show once "Choose event types" is picked; unchosen, they post nothing.
export function EventTypesFieldset({
  defaultScope,
  defaultChosen,
  error,
}: {
  defaultScope: "all" | "chosen";
  defaultChosen: readonly string[];
  error?: string;
}) {
  const [scope, setScope] = useState(defaultScope);
  return (
    <fieldset className="space-y-3" aria-describedby={error ? "events-error" : undefined}>
      <legend className={styles.label}>Events</legend>
      <RadioOptions name="eventScope" options={SCOPES} value={scope} onChange={setScope} />
      {scope === "chosen" ? (
        <div className="grid gap-4 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
          {EVENT_GROUPS.map((group) => (
            <fieldset key={group.object} className="space-y-1.5">
              <legend className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.label}</legend>
              {group.types.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="events"
                    value={type}
                    defaultChecked={defaultChosen.includes(type)}
                    className={`size-4 rounded border-slate-300 text-indigo-600 ${styles.focusRing}`}
                  />
                  <code className="font-mono text-xs">{type}</code>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id="events-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
