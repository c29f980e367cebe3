"use client";

import { useState } from "react";
import { RadioOptions, type RadioOption } from "@/components/ui/radio-options";
import { styles } from "@/components/ui/styles";
import type { PermissionPreset } from "@/lib/keys/permissions";
import type { AccessDefaults, ResourceChoice } from "./permission-choices";

const PRESETS: RadioOption<PermissionPreset>[] = [
  ["full_access", "Full access", "Read and write everything, including resources added later."],
  ["read_only", "Read only", "Read every resource, change nothing."],
  ["custom", "Custom", "Choose none, read or write for each resource."],
];

// What a key may do: a preset, or one control per resource offering only the levels that
// resource has. The per-resource controls only show (and post) once "Custom" is picked.
export function PermissionsFieldset({
  idPrefix,
  choices,
  defaults,
  values,
  errors = {},
}: {
  /** Keeps ids unique when several of these forms share a page. */
  idPrefix: string;
  choices: ResourceChoice[];
  defaults: AccessDefaults;
  /** What a failed submit sent, shown again. */
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const [preset, setPreset] = useState(values?.preset ?? defaults.preset);
  const errorId = `${idPrefix}-permissions-error`;
  const error = errors.preset ?? errors.permissions;
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className={styles.label}>Permissions</legend>
      <RadioOptions name="preset" options={PRESETS} value={preset} onChange={setPreset} />
      {preset === "custom" ? (
        <div className="grid gap-3 rounded-md border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
          {choices.map((choice) => {
            const id = `${idPrefix}-permissions-${choice.resource}`;
            const field = `permissions.${choice.resource}`;
            return (
              <div key={choice.resource} className="space-y-1">
                <label htmlFor={id} className={styles.label}>
                  {choice.label}
                </label>
                <select
                  id={id}
                  name={field}
                  defaultValue={values?.[field] ?? defaults.levels[choice.resource]}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `${id}-error` : undefined}
                  className={styles.input}
                >
                  {choice.levels.map((level) => (
                    <option key={level.value} value={level.value}>
                      {level.label}
                    </option>
                  ))}
                </select>
                {errors[field] ? (
                  <p id={`${id}-error`} className="text-sm text-red-700">
                    {errors[field]}
                  </p>
                ) : null}
              </div>
            );
          })}
          <p className="text-xs text-slate-500 sm:col-span-2 lg:col-span-3">Write includes read.</p>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
