"use client";

import { useState } from "react";
import { FieldFrame } from "@/components/ui/field-frame";
import { styles } from "@/components/ui/styles";
import type { ExpiryChoice } from "@/lib/keys/api-key-expiry";

const OPTIONS: { value: ExpiryChoice; label: string }[] = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "60", label: "In 60 days" },
  { value: "90", label: "In 90 days" },
  { value: "date", label: "On a date…" },
];

const DAY_MS = 86_400_000;
const tomorrowUtc = () => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);

// When a new key stops working: never (the default), a preset number of days, or a date. A
// date ends the key as that day begins in UTC, the zone every date on these pages is in.
export function ExpiryFields({
  values,
  errors = {},
}: {
  values?: Record<string, string>;
  errors?: Record<string, string>;
}) {
  const [choice, setChoice] = useState(values?.expiry ?? "never");
  // The date picker's lower bound, read once: the server checks the date anyway.
  const [tomorrow] = useState(tomorrowUtc);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FieldFrame label="Expires" name="expiry" error={errors.expiry}>
        {(control) => (
          <select
            name="expiry"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            className={styles.input}
            {...control}
          >
            {OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      {choice === "date" ? (
        <FieldFrame
          label="Expiry date"
          name="expiresOn"
          hint="The key stops working as this day begins (00:00 UTC)."
          error={errors.expiresOn ?? errors.expiresAt}
        >
          {(control) => (
            <input
              type="date"
              name="expiresOn"
              defaultValue={values?.expiresOn}
              min={tomorrow}
              required
              className={styles.input}
              {...control}
            />
          )}
        </FieldFrame>
      ) : null}
    </div>
  );
}
