"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { BulkProgress } from "@/lib/bulk-actions/bulk-progress";
import { FormMessage } from "@/components/ui/form-message";
import { bulkActionProgressAction } from "./actions";

// A bulk action's progress while its job runs (polled), then what it did, in words. The list is
// refreshed once it ends, so the rows show the change.

const POLL_MS = 700;

const RUNNING: Record<BulkProgress["kind"], string> = {
  assign: "Assigning",
  status: "Changing the status of",
  add_tag: "Tagging",
  remove_tag: "Removing the tag from",
  sms: "Texting",
};

const DONE: Record<Exclude<BulkProgress["kind"], "sms">, [string, string]> = {
  assign: ["assigned", "already were"],
  status: ["moved", "already had that status"],
  add_tag: ["tagged", "already had the tag or 20 tags"],
  remove_tag: ["untagged", "did not have the tag"],
};

const nf = new Intl.NumberFormat("en-US");
const leadsWord = (n: number) => `${nf.format(n)} ${n === 1 ? "lead" : "leads"}`;
const listed = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;

function outcome(p: BulkProgress): string {
  if (p.kind === "sms") {
    const sent = [
      p.changed ? `${nf.format(p.changed)} sent now` : "",
      p.scheduled ? `${nf.format(p.scheduled)} scheduled for the end of the lead's quiet hours` : "",
    ].filter(Boolean);
    const skipped = [
      p.noConsent ? `${nf.format(p.noConsent)} without SMS consent` : "",
      p.optedOut ? `${nf.format(p.optedOut)} opted out (STOP)` : "",
      p.noPhone ? `${nf.format(p.noPhone)} without a phone number` : "",
    ].filter(Boolean);
    return [
      sent.length ? `Texts: ${listed(sent)}.` : "No text was sent.",
      skipped.length ? `Not texted: ${listed(skipped)}.` : "",
    ]
      .filter(Boolean)
      .join(" ");
  }
  const [verb, already] = DONE[p.kind];
  const rest = p.unchanged ? ` ${leadsWord(p.unchanged)} ${already}.` : "";
  return `${leadsWord(p.changed)} ${verb}.${rest}`;
}

export function BulkProgressPanel({ initial, onDismiss }: { initial: BulkProgress; onDismiss: () => void }) {
  const router = useRouter();
  const [progress, setProgress] = useState(initial);
  const active = progress.status === "queued" || progress.status === "running";

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(async () => {
      const result = await bulkActionProgressAction({ id: progress.id });
      if (!result.ok) return;
      setProgress(result.data);
      if (result.data.status !== "queued" && result.data.status !== "running") router.refresh();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [active, progress, router]);

  if (active) {
    const percent = progress.total ? Math.round((progress.processed / progress.total) * 100) : 0;
    return (
      <div className="space-y-2 px-4 py-3" data-testid="bulk-progress">
        <p className="text-sm text-slate-700" aria-live="polite">
          {progress.status === "queued" ? "Starting…" : `${RUNNING[progress.kind]} ${leadsWord(progress.total)}…`}{" "}
          <span className="tabular-nums text-slate-500">
            {nf.format(progress.processed)} of {nf.format(progress.total)} done
          </span>
        </p>
        <div
          role="progressbar"
          aria-label="Bulk action progress"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.processed}
          className="h-1.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3 px-4 py-3" data-testid="bulk-progress">
      <div className="min-w-0 flex-1">
        {progress.status === "failed" ? (
          <FormMessage tone="error">
            {progress.error ?? "The bulk action stopped."} {nf.format(progress.processed)} of{" "}
            {leadsWord(progress.total)} were done before it stopped.
          </FormMessage>
        ) : (
          <FormMessage tone="success">Done. {outcome(progress)}</FormMessage>
        )}
      </div>
      <button type="button" onClick={onDismiss} className="rounded px-2 py-1 text-sm text-slate-500 hover:bg-slate-100">
        Dismiss
      </button>
    </div>
  );
}
