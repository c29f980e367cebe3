"use client";

import { useDroppable } from "@dnd-kit/core";
import type { LeadStatus } from "@/lib/domain/enums";
import type { BoardCard } from "@/lib/board/board-card";
import type { BoardColumn } from "@/lib/board/load-board";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { styles } from "@/components/ui/styles";
import { BoardCardView, type CardContext } from "./board-card-view";
import { boardColumnId } from "./board-overview";

// A status column: its total (every lead in the status, not only the cards loaded), its cards,
// and "Show more" for the next page. The whole column is the drop target.
export function BoardColumnView({
  column,
  context,
  pendingIds,
  loadingMore,
  onMove,
  onShowMore,
}: {
  column: BoardColumn;
  context: CardContext;
  pendingIds: ReadonlySet<string>;
  loadingMore: boolean;
  onMove: (card: BoardCard, to: LeadStatus) => void;
  onShowMore: (status: LeadStatus) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const label = LEAD_STATUS_LABELS[column.status];
  return (
    <section
      ref={setNodeRef}
      id={boardColumnId(column.status)}
      data-status={column.status}
      aria-labelledby={`column-${column.status}`}
      data-testid={`board-column-${column.status}`}
      data-over={isOver}
      className={`flex w-[85vw] shrink-0 snap-start flex-col rounded-lg border bg-slate-50 sm:w-72 ${isOver ? "border-indigo-400 ring-2 ring-indigo-200" : "border-slate-200"}`}
    >
      <h2
        id={`column-${column.status}`}
        className="flex items-center justify-between px-3 py-2 text-sm font-semibold text-slate-800"
      >
        {label}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
          <span className="sr-only">Total: </span>
          <span data-testid="column-total">{column.total}</span>
        </span>
      </h2>
      <ul className="flex min-h-24 flex-col gap-2 px-2 pb-2 lg:max-h-[calc(100vh-18rem)] lg:overflow-y-auto">
        {column.cards.map((card) => (
          <BoardCardView
            key={card.id}
            card={card}
            context={context}
            pending={pendingIds.has(card.id)}
            onMove={onMove}
          />
        ))}
        {column.cards.length === 0 ? (
          <li className="rounded-md border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-500">
            No leads in this status
          </li>
        ) : null}
      </ul>
      {column.hasMore ? (
        <div className="border-t border-slate-200 px-2 py-2">
          <button
            type="button"
            className={`${styles.smallButton} w-full`}
            disabled={loadingMore}
            onClick={() => onShowMore(column.status)}
          >
            {loadingMore ? "Loading…" : `Show more (${column.cards.length} of ${column.total})`}
          </button>
        </div>
      ) : null}
    </section>
  );
}
