"use client";

import { useState } from "react";
import { styles } from "@/components/ui/styles";

// "Details" read-only with an Edit toggle. The form stays mounted while hidden, so what was
// typed survives closing it, and after a save it stays open with its "Lead saved." message.
export function LeadDetailsPanel({ summary, form }: { summary: React.ReactNode; form: React.ReactNode }) {
  const [editing, setEditing] = useState(false);
  return (
    <div>
      <div className="flex justify-end border-b border-slate-100 px-5 py-2">
        <button
          type="button"
          className={styles.smallButton}
          aria-expanded={editing}
          aria-controls="lead-details-form"
          onClick={() => setEditing((open) => !open)}
        >
          {editing ? "Done editing" : "Edit details"}
        </button>
      </div>
      <div hidden={editing}>{summary}</div>
      <div id="lead-details-form" hidden={!editing} className="p-5 sm:p-6">
        {form}
      </div>
    </div>
  );
}
