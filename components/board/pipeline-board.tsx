"use client";

import { useRef, useState, useTransition } from "react";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/domain/enums";
import type { BoardCard } from "@/lib/board/board-card";
import type { BoardColumn } from "@/lib/board/load-board";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import { loadColumnAction, moveCardAction } from "@/app/(app)/leads/board/actions";
import { FormMessage } from "@/components/ui/form-message";
import { boardAnnouncements, boardInstructions } from "./board-announcements";
import { BoardColumnView } from "./board-column-view";
import { BoardOverview } from "./board-overview";
import { columnJumpCoordinates } from "./board-keyboard";
import type { CardContext } from "./board-card-view";
import { useBoardColumns } from "./use-board-columns";

// The pointer's column when it is over one; else (keyboard, or between columns) the column the
// card's rectangle overlaps.
const overColumn: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

export function PipelineBoard({
  initialColumns,
  mine,
  ...context
}: { initialColumns: BoardColumn[]; mine: boolean } & CardContext) {
  const { columns, moveLocally, rollBack, replaceCard, appendPage } = useBoardColumns(initialColumns);
  const [dragged, setDragged] = useState<BoardCard | null>(null);
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const [loadingColumn, setLoadingColumn] = useState<LeadStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const [, startTransition] = useTransition();
  const scroller = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    // A few pixels before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // Instant scrolling: a column scrolled into view must be under the card before it is dropped.
    useSensor(KeyboardSensor, { coordinateGetter: columnJumpCoordinates, scrollBehavior: "auto" }),
  );

  const setPending = (id: string, on: boolean) =>
    setPendingIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // Optimistic: the card is in its new column at once; the server's refusal puts it back.
  function move(card: BoardCard, to: LeadStatus) {
    const from = card.status;
    const undo = moveLocally(card.id, from, to);
    if (!undo) return;
    setError(null);
    setPending(card.id, true);
    startTransition(async () => {
      const result = await moveCardAction({ leadId: card.id, status: to });
      setPending(card.id, false);
      if (result.ok) {
        replaceCard(result.data);
        setNotice(`${card.name} moved to ${LEAD_STATUS_LABELS[to]}.`);
      } else {
        rollBack(undo);
        setError(`${card.name} could not be moved to ${LEAD_STATUS_LABELS[to]}: ${result.message}`);
      }
    });
  }

  function showMore(status: LeadStatus) {
    const cursor = columns[status].cursor;
    if (!cursor) return;
    setLoadingColumn(status);
    startTransition(async () => {
      const result = await loadColumnAction({ status, mine, cursor });
      setLoadingColumn(null);
      if (result.ok) appendPage(status, result.data);
      else setError(`More ${LEAD_STATUS_LABELS[status]} leads could not be loaded: ${result.message}`);
    });
  }

  function onDragStart({ active }: DragStartEvent) {
    const status = active.data.current?.status as LeadStatus;
    setDragged(columns[status]?.cards.find((c) => c.id === active.id) ?? null);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const from = active.data.current?.status as LeadStatus;
    const card = columns[from]?.cards.find((c) => c.id === active.id);
    if (card && over && over.id !== from) move(card, over.id as LeadStatus);
  }

  return (
    <div className="space-y-3">
      {error ? (
        <div className="flex items-start gap-3" data-testid="board-error">
          <div className="flex-1">
            <FormMessage tone="error">{error}</FormMessage>
          </div>
          <button type="button" className="text-sm text-slate-600 underline" onClick={() => setError(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {notice}
      </p>
      <BoardOverview columns={columns} scroller={scroller} />
      <DndContext
        id="pipeline-board"
        sensors={sensors}
        collisionDetection={overColumn}
        accessibility={{ announcements: boardAnnouncements, screenReaderInstructions: boardInstructions }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <div
          ref={scroller}
          // relative: screen-reader-only text inside is positioned absolutely; without a positioned
          // ancestor here it would escape the scroller and widen the page.
          className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0"
          data-testid="pipeline-board"
        >
          {LEAD_STATUSES.map((status) => (
            <BoardColumnView
              key={status}
              column={columns[status]}
              context={context}
              pendingIds={pendingIds}
              loadingMore={loadingColumn === status}
              onMove={move}
              onShowMore={showMore}
            />
          ))}
        </div>
        <DragOverlay>
          {dragged ? (
            <div className="w-64 rotate-2 rounded-md border border-indigo-300 bg-white p-3 text-sm font-medium text-slate-900 shadow-lg">
              {dragged.name}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}
