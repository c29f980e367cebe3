"use client";

import { useState } from "react";
import { keyFromLabel } from "@/lib/custom-fields/key-from-label";
import { styles } from "@/components/ui/styles";

// The new custom field's label, then its key, made from the label as it is typed (an owner names
// a field; the key is what integrations type). Once the key is edited by hand it stops following.
// Without JavaScript the key may be left empty: the action makes it from the label the same way.
export function LabelAndKeyInputs() {
  const [label, setLabel] = useState("");
  const [key, setKey] = useState<string | null>(null);
  return (
    <>
      <label className="text-sm">
        Label
        <input
          name="label"
          required
          maxLength={100}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          className={styles.input}
        />
      </label>
      <div className="text-sm">
        <label htmlFor="custom-field-key">Key</label>
        <input
          id="custom-field-key"
          name="key"
          pattern="[a-z][a-z0-9_]*"
          maxLength={63}
          value={key ?? keyFromLabel(label)}
          onChange={(event) => setKey(event.target.value)}
          aria-describedby="custom-field-key-hint"
          className={`${styles.input} font-mono`}
        />
        <p id="custom-field-key-hint" className="mt-1 text-xs text-slate-500">
          Made from the label as you type it; the name the API and filters use. It cannot change later.
        </p>
      </div>
    </>
  );
}
