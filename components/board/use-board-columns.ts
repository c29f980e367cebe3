"use client";

import { useCallback, useState } from "react";
import type { LeadStatus } from "@/lib/domain/enums";
import type { BoardCard } from "@/lib/board/board-card";
import type { BoardColumn } from "@/lib/board/load-board";
import type { BoardColumnPage } from "@/lib/board/list-board-column";

type Columns = Record<LeadStatus, BoardColumn>;

const byStatus = (columns: BoardColumn[]) =>
  Object.fromEntries(columns.map((column) => [column.status, column])) as Columns;

/** Where a card was before an optimistic move, to put it back if the server refuses. */
interface MoveUndo {
  card: BoardCard;
  from: LeadStatus;
  index: number;
}

// The board's columns in the browser: cards move at once (optimistic) and go back if the server
// refuses; a column's next page is appended without the cards already shown (a card moved into a
// column can come again in its later pages, which are ordered by creation).
export function useBoardColumns(initial: BoardColumn[]) {
  const [columns, setColumns] = useState<Columns>(() => byStatus(initial));

  // Reads the columns as last rendered (an event handler's view), so the undo is known at once.
  const moveLocally = useCallback(
    (cardId: string, from: LeadStatus, to: LeadStatus): MoveUndo | null => {
      const index = columns[from].cards.findIndex((c) => c.id === cardId);
      if (index < 0 || from === to) return null;
      const card = columns[from].cards[index];
      setColumns((current) => ({
        ...current,
        [from]: {
          ...current[from],
          total: current[from].total - 1,
          cards: current[from].cards.filter((c) => c.id !== cardId),
        },
        [to]: { ...current[to], total: current[to].total + 1, cards: [{ ...card, status: to }, ...current[to].cards] },
      }));
      return { card, from, index };
    },
    [columns],
  );

  const rollBack = useCallback((undo: MoveUndo, to: LeadStatus) => {
    setColumns((current) => {
      const back = current[undo.from].cards.slice();
      back.splice(Math.min(undo.index, back.length), 0, undo.card);
      return {
        ...current,
        [to]: {
          ...current[to],
          total: current[to].total - 1,
          cards: current[to].cards.filter((c) => c.id !== undo.card.id),
        },
        [undo.from]: { ...current[undo.from], total: current[undo.from].total + 1, cards: back },
      };
    });
  }, []);

  /** The server's copy of a moved card (its status as saved). */
  const replaceCard = useCallback((card: BoardCard) => {
    setColumns((current) => ({
      ...current,
      [card.status]: {
        ...current[card.status],
        cards: current[card.status].cards.map((c) => (c.id === card.id ? card : c)),
      },
    }));
  }, []);

  const appendPage = useCallback((status: LeadStatus, page: BoardColumnPage) => {
    setColumns((current) => {
      const shown = new Set(Object.values(current).flatMap((column) => column.cards.map((c) => c.id)));
      return {
        ...current,
        [status]: {
          ...current[status],
          cards: [...current[status].cards, ...page.cards.filter((c) => !shown.has(c.id))],
          cursor: page.cursor,
          hasMore: page.hasMore,
        },
      };
    });
  }, []);

  return { columns, moveLocally, rollBack, replaceCard, appendPage };
}
