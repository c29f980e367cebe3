import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "@/lib/domain/enums";
import type { BoardCard } from "@/lib/board/board-card";
import {
  appendPage,
  applyMove,
  columnsByStatus,
  planMove,
  replaceCard,
  undoMove,
} from "@/components/board/board-state";

const card = (id: string, status: BoardCard["status"] = "new"): BoardCard => ({
  id,
  name: id,
  status,
  phone: null,
  email: null,
  source: null,
  interest: null,
  budget: null,
  assignedTo: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const board = () =>
  columnsByStatus(
    LEAD_STATUSES.map((status) => ({
      status,
      total: status === "new" ? 30 : status === "won" ? 1 : 0,
      cards: status === "new" ? [card("a"), card("b"), card("c")] : status === "won" ? [card("w", "won")] : [],
      cursor: null,
      hasMore: status === "new",
    })),
  );

// The pipeline board's optimistic move, its rollback and "Show more" (components/board/board-state.ts).
describe("board state", () => {
  it("a move puts the card on top of its new column with both totals adjusted; undo restores it exactly", () => {
    const before = board();
    const move = planMove(before, "b", "new", "won")!;
    const after = applyMove(before, move);
    expect(after.new.cards.map((c) => c.id)).toEqual(["a", "c"]);
    expect(after.won.cards.map((c) => [c.id, c.status])).toEqual([
      ["b", "won"],
      ["w", "won"],
    ]);
    expect([after.new.total, after.won.total]).toEqual([29, 2]);
    expect(undoMove(after, move)).toEqual(before);
  });

  it("nothing to plan for the same column or a card that is not there", () => {
    expect(planMove(board(), "b", "new", "new")).toBeNull();
    expect(planMove(board(), "zz", "new", "won")).toBeNull();
  });

  it("the server's copy replaces the card; a next page skips cards already shown", () => {
    const moved = applyMove(board(), planMove(board(), "a", "new", "won")!);
    const saved = { ...card("a", "won"), name: "Ada (saved)" };
    expect(replaceCard(moved, saved).won.cards[0].name).toBe("Ada (saved)");
    const more = appendPage(moved, "won", {
      cards: [card("a", "won"), card("x", "won")],
      cursor: null,
      hasMore: false,
    });
    expect(more.won.cards.map((c) => c.id)).toEqual(["a", "w", "x"]);
    expect(more.won.hasMore).toBe(false);
  });
});
