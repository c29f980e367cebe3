import type { LeadStatus } from "@/lib/domain/enums";
import type { BoardCard } from "@/lib/board/board-card";
import type { BoardColumn } from "@/lib/board/load-board";
import type { BoardColumnPage } from "@/lib/board/list-board-column";

// The board's columns as the browser holds them, and the changes made to them: pure functions,
// so the optimistic move and its rollback are tested without a browser.

export type Columns = Record<LeadStatus, BoardColumn>;

/** Where a card was before an optimistic move, to put it back if the server refuses. */
export interface MoveUndo {
  card: BoardCard;
  from: LeadStatus;
  to: LeadStatus;
  index: number;
}

export const columnsByStatus = (columns: BoardColumn[]) =>
  Object.fromEntries(columns.map((column) => [column.status, column])) as Columns;

/** The card at the top of `to` at once, both totals adjusted; null when there is nothing to move. */
export function planMove(columns: Columns, cardId: string, from: LeadStatus, to: LeadStatus): MoveUndo | null {
  const index = columns[from].cards.findIndex((c) => c.id === cardId);
  if (index < 0 || from === to) return null;
  return { card: columns[from].cards[index], from, to, index };
}

export function applyMove(columns: Columns, { card, from, to }: MoveUndo): Columns {
  return {
    ...columns,
    [from]: {
      ...columns[from],
      total: columns[from].total - 1,
      cards: columns[from].cards.filter((c) => c.id !== card.id),
    },
    [to]: { ...columns[to], total: columns[to].total + 1, cards: [{ ...card, status: to }, ...columns[to].cards] },
  };
}

/** The refused move undone: the card back where it was in its column, the totals as before. */
export function undoMove(columns: Columns, { card, from, to, index }: MoveUndo): Columns {
  const back = columns[from].cards.slice();
  back.splice(Math.min(index, back.length), 0, card);
  return {
    ...columns,
    [to]: { ...columns[to], total: columns[to].total - 1, cards: columns[to].cards.filter((c) => c.id !== card.id) },
    [from]: { ...columns[from], total: columns[from].total + 1, cards: back },
  };
}

/** The server's copy of a moved card (its status as saved). */
export const replaceCard = (columns: Columns, card: BoardCard): Columns => ({
  ...columns,
  [card.status]: {
    ...columns[card.status],
    cards: columns[card.status].cards.map((c) => (c.id === card.id ? card : c)),
  },
});

/** A column's next page, without the cards already shown: a card moved into a column comes
 * again in its later pages, which are ordered by creation. */
export function appendPage(columns: Columns, status: LeadStatus, page: BoardColumnPage): Columns {
  const shown = new Set(Object.values(columns).flatMap((column) => column.cards.map((c) => c.id)));
  return {
    ...columns,
    [status]: {
      ...columns[status],
      cards: [...columns[status].cards, ...page.cards.filter((c) => !shown.has(c.id))],
      cursor: page.cursor,
      hasMore: page.hasMore,
    },
  };
}
