"use client";

import { useState } from "react";
import { styles } from "@/components/ui/styles";
import { EVENT_GROUPS } from "./event-groups";

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
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {(
          [
            ["all", "All events", "Including types added later."],
            ["chosen", "Choose event types", "Only the types you tick."],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="eventScope"
              value={value}
              checked={scope === value}
              onChange={() => setScope(value)}
              className={`mt-0.5 size-4 border-slate-300 text-indigo-600 ${styles.focusRing}`}
            />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-xs text-slate-500">{hint}</span>
            </span>
          </label>
        ))}
      </div>
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
