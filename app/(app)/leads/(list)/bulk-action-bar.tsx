"use client";

import { useActionState, useState } from "react";
import type { BulkProgress } from "@/lib/bulk-actions/bulk-progress";
import { LEAD_STATUSES } from "@/lib/domain/enums";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { IDLE } from "@/components/ui/form-state";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { styles } from "@/components/ui/styles";
import { startBulkActionAction } from "./actions";
import { useBulkSelection } from "./bulk-selection";
import { BulkProgressPanel } from "./bulk-progress";

// The bar above the leads once some are ticked: what to do to them (assign, status, tag, text),
// applied by one background job whose progress replaces the bar until it ends.

const KINDS = [
  { value: "assign", label: "Assign to" },
  { value: "status", label: "Change status" },
  { value: "add_tag", label: "Add tag" },
  { value: "remove_tag", label: "Remove tag" },
  { value: "sms", label: "Send a text" },
] as const;
type Kind = (typeof KINDS)[number]["value"];

const nf = new Intl.NumberFormat("en-US");
type BulkFormState = Awaited<ReturnType<typeof startBulkActionAction>>;

interface Props {
  /** How many leads the filters match (capped: more than the limit). */
  matching: { count: number; capped: boolean };
  /** The list's query string: what "all matching" means when submitted. */
  listQuery: string;
  assignees: { value: string; label: string }[];
  /** The member's latest action, while it runs or just after. */
  latest: BulkProgress | null;
}

export function BulkActionBar({ matching, listQuery, assignees, latest }: Props) {
  const selection = useBulkSelection();
  // A started action spends the ticks: its panel takes the bar's place until dismissed.
  const [state, submit] = useActionState(async (previous: BulkFormState, formData: FormData) => {
    const next = await startBulkActionAction(previous, formData);
    if (next.status === "success") selection.clear();
    return next;
  }, IDLE as BulkFormState);
  const [kind, setKind] = useState<Kind>("assign");
  const [dismissed, setDismissed] = useState<string | null>(null);
  const { clear } = selection;
  // A started action (or the member's latest, still running or just done) takes the bar's place.
  const shown = [state.status === "success" ? state.progress : undefined, latest].find(
    (p): p is BulkProgress => !!p && p.id !== dismissed,
  );

  if (shown) {
    const dismiss = () => setDismissed(shown.id);
    return <BulkProgressPanel key={shown.id} initial={shown} onDismiss={dismiss} />;
  }
  const count = selection.allMatching ? matching.count : selection.selected.size;
  if (count === 0) return null;
  const wholePage = selection.pageIds.every((id) => selection.selected.has(id));
  const more = !selection.allMatching && wholePage && matching.count > selection.pageIds.length;
  const error = (field: string) => state.fieldErrors?.[field];

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="space-y-3 border-b border-indigo-100 bg-indigo-50/60 px-4 py-3"
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span className="font-medium text-slate-900" data-testid="bulk-count">
          {nf.format(count)} {count === 1 ? "lead" : "leads"} selected
          {selection.allMatching ? " (all matching)" : ""}
        </span>
        {more ? (
          matching.capped ? (
            <span className="text-slate-500">
              More than {nf.format(matching.count)} match: narrow the filters to act on all of them.
            </span>
          ) : (
            <button type="button" className={`${styles.link} text-sm`} onClick={selection.selectAllMatching}>
              Select all {nf.format(matching.count)} matching
            </button>
          )
        ) : null}
        <button type="button" className={`${styles.link} text-sm`} onClick={clear}>
          Clear
        </button>
      </p>
      <form action={submit} className="flex flex-wrap items-start gap-2">
        <input type="hidden" name="scope" value={selection.allMatching ? "all" : "ids"} />
        <input type="hidden" name="listQuery" value={listQuery} />
        {selection.allMatching
          ? null
          : [...selection.selected].map((id) => <input key={id} type="hidden" name="leadId" value={id} />)}
        <label className="sr-only" htmlFor="bulk-kind">
          Action
        </label>
        <select
          id="bulk-kind"
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          className={`${styles.input} sm:w-56`}
        >
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
        <KindField kind={kind} assignees={assignees} error={error} />
        <SubmitButton pendingLabel="Starting…">
          Apply to {nf.format(count)} {count === 1 ? "lead" : "leads"}
        </SubmitButton>
      </form>
      {state.status === "error" && state.message && !state.fieldErrors ? (
        <FormMessage tone="error">{state.message}</FormMessage>
      ) : null}
    </div>
  );
}

/** The one field the picked action needs, with its error under it. */
function KindField({
  kind,
  assignees,
  error,
}: {
  kind: Kind;
  assignees: Props["assignees"];
  error: (field: string) => string | undefined;
}) {
  const field = (name: string, control: React.ReactNode, wide = false) => (
    <div className={`${wide ? "min-w-64 flex-1" : ""} max-sm:w-full`}>
      {control}
      {error(name) ? (
        <p id={`bulk-${name}-error`} className="mt-1 text-sm text-red-700">
          {error(name)}
        </p>
      ) : null}
    </div>
  );
  const invalid = (name: string) => ({
    "aria-invalid": error(name) ? true : undefined,
    "aria-describedby": error(name) ? `bulk-${name}-error` : undefined,
  });
  switch (kind) {
    case "assign":
      return field(
        "assignedTo",
        <select
          name="assignedTo"
          aria-label="Assign to"
          className={`${styles.input} sm:w-56`}
          {...invalid("assignedTo")}
        >
          {assignees.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>,
      );
    case "status":
      return field(
        "status",
        <select name="status" aria-label="New status" className={`${styles.input} sm:w-56`}>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </select>,
      );
    case "add_tag":
    case "remove_tag":
      return field(
        "tag",
        <input
          name="tag"
          aria-label="Tag"
          placeholder="Tag"
          maxLength={40}
          className={`${styles.input} sm:w-56`}
          {...invalid("tag")}
        />,
      );
    case "sms":
      return field(
        "message",
        <>
          <textarea
            name="message"
            aria-label="Text message"
            rows={2}
            maxLength={1600}
            placeholder="Your text: only leads with SMS consent and no STOP get it"
            className={styles.input}
            {...invalid("message")}
          />
        </>,
        true,
      );
  }
}
