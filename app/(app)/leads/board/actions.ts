"use server";

import { z } from "zod";
import { jsonAction } from "@/app/_forms/json-action";
import { listBoardColumn } from "@/lib/board/list-board-column";
import { moveLeadToStatus } from "@/lib/board/move-lead-to-status";
import { leadStatusSchema } from "@/lib/schemas/leads";

// The pipeline board's two calls, which a client component makes with JSON (a card and a
// column), through formAction's JSON sibling (app/_forms/json-action.ts): a refusal comes back in
// words so the card can roll back.

/** A card dropped on another column (or moved with its "Move to" menu). */
export const moveCardAction = jsonAction(
  { schema: z.object({ leadId: z.string().min(1).max(100), status: leadStatusSchema }) },
  ({ member, input }) => moveLeadToStatus(member, input.leadId, input.status),
);

/** A column's "Show more": the page after `cursor`, with the same filter it was made with. */
export const loadColumnAction = jsonAction(
  { schema: z.object({ status: leadStatusSchema, mine: z.boolean(), cursor: z.string().min(1).max(1000) }) },
  ({ member, input }) =>
    listBoardColumn(
      member.accountId,
      input.status,
      { assignedTo: input.mine ? member.userId : undefined },
      input.cursor,
    ),
);
