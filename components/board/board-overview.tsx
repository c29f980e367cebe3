"use client";

import { useEffect, useState, type RefObject } from "react";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/domain/enums";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { styles } from "@/components/ui/styles";
import type { Columns } from "./board-state";

/** A column's element id, for the overview's jump. */
export const boardColumnId = (status: LeadStatus) => `board-column-${status}`;

// The board's seven columns at a glance, above the scroller that shows three or four of them at
// 1280 px and one on a phone: each status with its total, the ones on screen marked, a click
// scrolling to the column. So nobody takes the visible columns for the whole pipeline.
export function BoardOverview({ columns, scroller }: { columns: Columns; scroller: RefObject<HTMLElement | null> }) {
  const [inView, setInView] = useState<ReadonlySet<LeadStatus>>(new Set());
  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    // Most of a column in the scroller's box counts as on screen.
    const observer = new IntersectionObserver(
      (entries) =>
        setInView((current) => {
          const next = new Set(current);
          for (const entry of entries) {
            const status = (entry.target as HTMLElement).dataset.status as LeadStatus;
            if (entry.isIntersecting) next.add(status);
            else next.delete(status);
          }
          return next;
        }),
      { root, threshold: 0.6 },
    );
    for (const status of LEAD_STATUSES) {
      const column = document.getElementById(boardColumnId(status));
      if (column) observer.observe(column);
    }
    return () => observer.disconnect();
  }, [scroller]);

  return (
    <nav aria-label="Board columns" data-testid="board-overview">
      <ol className="flex flex-wrap gap-1.5">
        {LEAD_STATUSES.map((status) => {
          const shown = inView.has(status);
          return (
            <li key={status}>
              <button
                type="button"
                aria-current={shown ? "true" : undefined}
                onClick={() =>
                  document
                    .getElementById(boardColumnId(status))
                    ?.scrollIntoView({ behavior: "smooth", block: "nearest", inline: "start" })
                }
                className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors ${
                  shown
                    ? "border-indigo-200 bg-indigo-50 text-indigo-800"
                    : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50"
                } ${styles.focusRing}`}
              >
                {LEAD_STATUS_LABELS[status]}
                <span className="tabular-nums text-slate-500">{columns[status].total.toLocaleString("en-US")}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
