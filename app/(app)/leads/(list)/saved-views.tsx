"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { ActionButton } from "@/components/ui/action-button";
import { hrefWith } from "@/components/ui/cursor-pager";
import { IDLE } from "@/components/ui/form-state";
import { FormStateMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { styles } from "@/components/ui/styles";
import { deleteViewAction, renameViewAction, saveViewAction } from "./actions";

// The member's saved views above the leads: each a link to the list with its filters; "Save view"
// names the filters on screen; "Edit views" renames or deletes them.

interface View {
  id: string;
  name: string;
  params: Record<string, string>;
}

const CHIP = `inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium ${styles.focusRing}`;

export function SavedViews({ views, listQuery, filtered }: { views: View[]; listQuery: string; filtered: boolean }) {
  const [open, setOpen] = useState<"save" | "edit" | null>(null);
  const current = new URLSearchParams(listQuery);
  current.sort();
  const isCurrent = (view: View) => {
    const params = new URLSearchParams(view.params);
    params.sort();
    return params.toString() === current.toString();
  };
  const toggle = (panel: "save" | "edit") => setOpen(open === panel ? null : panel);
  // An unfiltered list with no view saved has nothing to offer here.
  if (views.length === 0 && !filtered) return null;
  return (
    <div className="space-y-2">
      <nav aria-label="Saved views" className="flex flex-wrap items-center gap-2">
        {views.map((view) => {
          const active = isCurrent(view);
          return (
            <Link
              key={view.id}
              href={hrefWith("/leads", view.params)}
              aria-current={active ? "page" : undefined}
              className={`${CHIP} ${active ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
            >
              {view.name}
            </Link>
          );
        })}
        {filtered ? (
          <button
            type="button"
            className={`${styles.link} text-sm`}
            onClick={() => toggle("save")}
            aria-expanded={open === "save"}
          >
            Save view
          </button>
        ) : null}
        {views.length > 0 ? (
          <button
            type="button"
            className={`${styles.link} text-sm text-slate-600`}
            onClick={() => toggle("edit")}
            aria-expanded={open === "edit"}
          >
            Edit views
          </button>
        ) : null}
      </nav>
      {open === "save" ? <SaveViewForm listQuery={listQuery} /> : null}
      {open === "edit" ? (
        <ul className={`${styles.card} divide-y divide-slate-100`} aria-label="Edit saved views">
          {views.map((view) => (
            <li key={view.id} className="flex flex-wrap items-start gap-2 px-3 py-2">
              <RenameViewForm view={view} />
              <ActionButton
                label="Delete"
                pendingLabel="Deleting…"
                ariaLabel={`Delete view ${view.name}`}
                action={deleteViewAction}
                fields={{ viewId: view.id }}
                variant="small"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SaveViewForm({ listQuery }: { listQuery: string }) {
  const [state, submit] = useActionState(saveViewAction, IDLE);
  return (
    <form action={submit} className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="listQuery" value={listQuery} />
      <div className="max-sm:w-full">
        <input
          name="name"
          aria-label="View name"
          placeholder="Name this view"
          maxLength={60}
          defaultValue={state.values?.name}
          aria-invalid={state.fieldErrors?.name ? true : undefined}
          className={`${styles.input} w-64 max-sm:w-full`}
        />
        {state.fieldErrors?.name ? <p className="mt-1 text-sm text-red-700">{state.fieldErrors.name}</p> : null}
      </div>
      <SubmitButton pendingLabel="Saving…" variant="secondary">
        Save
      </SubmitButton>
      {state.status === "success" ? <FormStateMessage state={state} /> : null}
    </form>
  );
}

function RenameViewForm({ view }: { view: View }) {
  const [state, submit] = useActionState(renameViewAction, IDLE);
  return (
    <form action={submit} className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
      <input type="hidden" name="viewId" value={view.id} />
      <div className="min-w-0 flex-1">
        <input
          name="name"
          aria-label={`Name of view ${view.name}`}
          defaultValue={view.name}
          maxLength={60}
          aria-invalid={state.fieldErrors?.name ? true : undefined}
          className={`${styles.input} py-1`}
        />
        {state.fieldErrors?.name || (state.status === "error" && state.message) ? (
          <p className="mt-1 text-sm text-red-700">{state.fieldErrors?.name ?? state.message}</p>
        ) : null}
      </div>
      <SubmitButton pendingLabel="Saving…" variant="small">
        Rename
      </SubmitButton>
    </form>
  );
}
