import { and, count, eq, inArray, lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { bulkLeadActions, leads } from "@/db/schema";
import { assertAssignableUser } from "@/lib/accounts/assert-account-references";
import { ApiError } from "@/lib/errors/api-error";
import { newId } from "@/lib/ids/new-id";
import { enqueue } from "@/lib/jobs/enqueue";
import { runBulkLeadActionQueue } from "@/lib/jobs/workers/run-bulk-lead-action";
import { countLeads, type LeadWebFilters } from "@/lib/leads/list-leads";
import { inTransaction } from "@/lib/query/after-commit";
import { violatedUniqueIndex } from "@/lib/query/unique-violation";
import { BULK_LEAD_LIMIT, type BulkLeadActionInput, type BulkLeadSelection } from "@/lib/schemas/bulk-lead-actions";
import type { Member } from "@/lib/users/get-member";
import { selectionWhere, storedFilters } from "./bulk-selection";

// Asking for a bulk action: everything that can be refused is refused here, before any work (the
// size of the selection, the assignee, the member's other unfinished action), then the action and
// its one job are stored in one transaction. Owners and staff alike: each change is one the lead
// page lets any member make.

/** The leads picked on the page, or every lead the list's filters match. */
export type BulkSelectionInput = { kind: "ids"; ids: string[] } | { kind: "filters"; filters: LeadWebFilters };

// Refusals of the selection as a whole: no field of the form holds it, so no field is named.
const TOO_MANY = `A bulk action takes at most ${BULK_LEAD_LIMIT.toLocaleString("en-US")} leads. Narrow the filters and try again.`;

async function selectionOf(
  accountId: string,
  input: BulkSelectionInput,
): Promise<{ selection: BulkLeadSelection; total: number }> {
  if (input.kind === "filters") {
    const asOf = new Date().toISOString();
    const { count: total, capped } = await countLeads(accountId, input.filters);
    if (capped) throw new ApiError("validation_error", TOO_MANY);
    return { selection: { kind: "filters", filters: storedFilters(input.filters), asOf }, total };
  }
  const ids = [...new Set(input.ids)];
  if (ids.length > BULK_LEAD_LIMIT) throw new ApiError("validation_error", TOO_MANY);
  const selection: BulkLeadSelection = { kind: "ids", ids };
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(await selectionWhere(db, accountId, selection)));
  // An id of another account, or of a lead deleted meanwhile, is not one the member can change.
  if ((row?.n ?? 0) !== ids.length)
    throw new ApiError("not_found", "Some of the selected leads no longer exist. Reload the list and select again.");
  return { selection, total: ids.length };
}

/** An unfinished action with no batch committed for this long is taken as abandoned (its job gave
 * up after its retries, or its workers are long gone): a live run commits a batch every second or
 * so. It is marked failed, so it no longer holds up the member's next one. */
const ABANDONED_AFTER_MS = 30 * 60_000;

async function failAbandoned(member: { accountId: string; userId: string }): Promise<void> {
  const db = await getDb();
  await db
    .update(bulkLeadActions)
    .set({ status: "failed", finishedAt: new Date(), error: "Stopped: it made no progress for 30 minutes." })
    .where(
      and(
        eq(bulkLeadActions.accountId, member.accountId),
        eq(bulkLeadActions.createdBy, member.userId),
        inArray(bulkLeadActions.status, ["queued", "running"]),
        lt(bulkLeadActions.updatedAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
      ),
    );
}

/** Stores the action and queues its job; answers its id. */
export async function startBulkLeadAction(
  member: Pick<Member, "accountId" | "userId" | "name">,
  action: BulkLeadActionInput,
  input: BulkSelectionInput,
): Promise<string> {
  const db = await getDb();
  if (action.kind === "assign") await assertAssignableUser(db, member.accountId, action.assignedTo, "assignedTo");
  const { selection, total } = await selectionOf(member.accountId, input);
  if (total === 0)
    throw new ApiError("validation_error", "No leads are selected. Tick some leads, or select all matching.");
  const id = newId("bulkLeadAction");
  await failAbandoned(member);
  try {
    await inTransaction(db, async (tx) => {
      await tx.insert(bulkLeadActions).values({
        id,
        accountId: member.accountId,
        createdBy: member.userId,
        createdByName: member.name,
        action,
        selection,
        status: "queued",
        total,
      });
      await enqueue(tx, runBulkLeadActionQueue, { bulkActionId: id });
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === "bulk_lead_actions_one_open_per_user")
      throw new ApiError(
        "conflict",
        "Your previous bulk action is still running. Wait until it finishes, then start the next one.",
      );
    throw error;
  }
  return id;
}
