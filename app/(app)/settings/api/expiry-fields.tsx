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

// When a new key stops working: never (the default), a preset number of days, or a date. A
// date ends the key as that day begins in the owner's zone, the zone every date on these pages
// is in. Both come from the server, so server and browser render the same hint.
export function ExpiryFields({
  values,
  errors = {},
  timeZone,
  firstDay,
}: {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  timeZone: string;
  /** The earliest day offered (tomorrow in `timeZone`), `YYYY-MM-DD`. */
  firstDay: string;
}) {
  const [choice, setChoice] = useState(values?.expiry ?? "never");
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
          hint={`The key stops working as this day begins (00:00, ${timeZone}).`}
          error={errors.expiresOn ?? errors.expiresAt}
        >
          {(control) => (
            <input
              type="date"
              name="expiresOn"
              defaultValue={values?.expiresOn}
              min={firstDay}
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
