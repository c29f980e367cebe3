import { z, ZodError } from "zod";
import { leadStatusSchema } from "@/lib/schemas/leads";
import { errorState } from "@/app/_forms/form-errors";
import type { Member } from "@/lib/users/get-member";
import type { BoardCard } from "@/lib/board/board-card";
import { listBoardColumn, type BoardColumnPage } from "@/lib/board/list-board-column";
import { moveLeadToStatus } from "@/lib/board/move-lead-to-status";

// The board's server actions take what the browser sent, so it is parsed like any request; a
// refusal comes back in words for the person, never as a thrown error (which would show the
// error page instead of rolling the card back).

export type BoardResult<T> = { ok: true; data: T } | { ok: false; message: string };

const moveInput = z.object({ leadId: z.string().min(1).max(100), status: leadStatusSchema });
const columnInput = z.object({
  status: leadStatusSchema,
  mine: z.boolean(),
  cursor: z.string().min(1).max(1000),
});

async function attempt<T>(run: () => Promise<T>): Promise<BoardResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    // Only a hand-made request fails the schema: the board sends ids and statuses it was given.
    if (error instanceof ZodError) return { ok: false, message: "That request is not one the board makes." };
    return { ok: false, message: errorState(error).message ?? "The change was not saved." };
  }
}

/** A card dropped on another column (or moved with its "Move to" menu). */
export function moveCardRequest(member: Member, input: unknown): Promise<BoardResult<BoardCard>> {
  return attempt(async () => {
    const { leadId, status } = moveInput.parse(input);
    return moveLeadToStatus(member, leadId, status);
  });
}

/** A column's "Show more": the page after `cursor`, with the same filter it was made with. */
export function loadColumnRequest(member: Member, input: unknown): Promise<BoardResult<BoardColumnPage>> {
  return attempt(async () => {
    const { status, mine, cursor } = columnInput.parse(input);
    return listBoardColumn(member.accountId, status, { assignedTo: mine ? member.userId : undefined }, cursor);
  });
}
