import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { getLeadOrThrow } from "@/lib/leads/get-lead-or-throw";

/** A task's `leadId` must be a live lead of the account: otherwise 404 naming the field, as a
 * visit's `leadId` is (another account's lead is indistinguishable from a missing one). */
export async function assertTaskLead(db: DbOrTx, accountId: string, leadId: string): Promise<void> {
  await getLeadOrThrow(db, accountId, leadId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found")
      throw new ApiError("not_found", "Lead not found.", [
        { path: "leadId", message: "No such live lead in this account" },
      ]);
    throw error;
  });
}
