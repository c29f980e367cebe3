import type { LeadStatus } from "@/lib/domain/enums";
import { listLeads } from "@/lib/leads/list-leads";
import { toBoardCard, type BoardCard } from "./board-card";

/** Cards per column per page: a screenful, and "Show more" for the next. */
export const BOARD_PAGE_SIZE = 25;

export interface BoardColumnPage {
  cards: BoardCard[];
  /** The keyset cursor after the last card; null at the end. */
  cursor: string | null;
  hasMore: boolean;
}

interface BoardFilter {
  /** Only this person's leads ("My leads"). */
  assignedTo?: string;
}

/**
 * One page of a board column: the account's live leads in `status`, newest first. The leads
 * list's own query (keyset on createdAt, id over leads_account_status_created_idx, or the
 * assignee index for "My leads"), so a column deep in thousands of leads costs what its first
 * page costs. The cursor is sealed and bound to the account, status and filter: a cursor of
 * another column is refused (invalid_cursor).
 */
export async function listBoardColumn(
  accountId: string,
  status: LeadStatus,
  filter: BoardFilter,
  cursor?: string,
): Promise<BoardColumnPage> {
  const page = await listLeads(accountId, {
    status,
    assignedTo: filter.assignedTo,
    limit: BOARD_PAGE_SIZE,
    sort: "-createdAt",
    cursor,
  });
  return { cards: page.data.map(toBoardCard), cursor: page.meta.cursor, hasMore: page.meta.hasMore };
}
