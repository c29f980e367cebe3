import { LEAD_STATUSES, type LeadStatus } from "@/lib/domain/enums";
import { countLeadsByStatus } from "./count-leads-by-status";
import { listBoardColumn, type BoardColumnPage } from "./list-board-column";

export interface BoardColumn extends BoardColumnPage {
  status: LeadStatus;
  /** Every live lead in the status (under the filter), not only the cards loaded. */
  total: number;
}

/** The pipeline board as it opens: the first page of every status column and each column's total. */
export async function loadBoard(accountId: string, filter: { assignedTo?: string }): Promise<BoardColumn[]> {
  const [counts, pages] = await Promise.all([
    countLeadsByStatus(accountId, filter),
    Promise.all(LEAD_STATUSES.map((status) => listBoardColumn(accountId, status, filter))),
  ]);
  return LEAD_STATUSES.map((status, i) => ({ status, total: counts[status], ...pages[i] }));
}
