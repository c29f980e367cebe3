"use client";

import { useState } from "react";
import { styles } from "@/components/ui/styles";

// A record's "Details" read-only with an Edit toggle (the lead's and the property's pages). The
// form stays mounted while hidden, so what was typed survives closing it, and after a save it
// stays open with its saved message.
export function DetailsPanel({
  summary,
  form,
  formId,
}: {
  summary: React.ReactNode;
  form: React.ReactNode;
  /** The form's element id, for the button's aria-controls (unique on the page). */
  formId: string;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <div>
      <div className="flex justify-end border-b border-slate-100 px-5 py-2">
        <button
          type="button"
          className={styles.smallButton}
          aria-expanded={editing}
          aria-controls={formId}
          onClick={() => setEditing((open) => !open)}
        >
          {editing ? "Done editing" : "Edit details"}
        </button>
      </div>
      <div hidden={editing}>{summary}</div>
      <div id={formId} hidden={!editing} className="p-5 sm:p-6">
        {form}
      </div>
    </div>
  );
}
