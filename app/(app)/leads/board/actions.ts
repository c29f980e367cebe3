"use server";

import { requireMember } from "@/lib/auth/get-current-member";
import { loadColumnRequest, moveCardRequest, type BoardResult } from "./board-requests";
import type { BoardCard } from "@/lib/board/board-card";
import type { BoardColumnPage } from "@/lib/board/list-board-column";

// The pipeline board's two calls. The session's member, then the request handler (board-requests.ts),
// which parses what the browser sent and answers a refusal in words so the card can roll back.

export async function moveCardAction(input: { leadId: string; status: string }): Promise<BoardResult<BoardCard>> {
  return moveCardRequest(await requireMember(), input);
}

export async function loadColumnAction(input: {
  status: string;
  mine: boolean;
  cursor: string;
}): Promise<BoardResult<BoardColumnPage>> {
  return loadColumnRequest(await requireMember(), input);
}
