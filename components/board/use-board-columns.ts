"use client";

import { useCallback, useState } from "react";
import type { LeadStatus } from "@/lib/domain/enums";
import type { BoardCard } from "@/lib/board/board-card";
import type { BoardColumn } from "@/lib/board/load-board";
import type { BoardColumnPage } from "@/lib/board/list-board-column";
import * as board from "./board-state";

// The board's columns in the browser: cards move at once (optimistic) and go back if the server
// refuses (board-state.ts holds the changes themselves).
export function useBoardColumns(initial: BoardColumn[]) {
  const [columns, setColumns] = useState<board.Columns>(() => board.columnsByStatus(initial));

  // Planned on the columns as last rendered (an event handler's view), so the undo is known at once.
  const moveLocally = useCallback(
    (cardId: string, from: LeadStatus, to: LeadStatus): board.MoveUndo | null => {
      const move = board.planMove(columns, cardId, from, to);
      if (move) setColumns((current) => board.applyMove(current, move));
      return move;
    },
    [columns],
  );
  const rollBack = useCallback((move: board.MoveUndo) => setColumns((current) => board.undoMove(current, move)), []);
  const replaceCard = useCallback((card: BoardCard) => setColumns((current) => board.replaceCard(current, card)), []);
  const appendPage = useCallback(
    (status: LeadStatus, page: BoardColumnPage) => setColumns((current) => board.appendPage(current, status, page)),
    [],
  );
  return { columns, moveLocally, rollBack, replaceCard, appendPage };
}
