import type { DbOrTx } from "@/db/client";
import { assertAssignableUser } from "@/lib/accounts/assert-account-references";
import { ApiError } from "@/lib/errors/api-error";
import { ME } from "@/lib/schemas/tasks";

/** Who `me` is: the user who created the API key (null when the key has none: made with the CLI,
 * or its creator was removed), or the signed-in member in the web UI. Asked only when a request
 * says `me`. */
export type WhoIsMe = () => Promise<string | null>;

/** A user id as sent (`assignedTo` in a body or a filter), with `me` made the caller's own id. */
export async function resolveMe(value: string, whoIsMe: WhoIsMe): Promise<string> {
  if (value !== ME) return value;
  const me = await whoIsMe();
  if (!me)
    throw new ApiError("validation_error", "`me` names the user who created the API key, and this key has none.", [
      { path: "assignedTo", message: "This key was not created by a user: send a user id" },
    ]);
  return me;
}

/** The task's new owner, `me` already resolved (resolveMe, before the change's transaction: on
 * PGlite's one connection a read outside the transaction would wait for it), checked inside it:
 * an active member of the account, else a 400 validation_error on `assignedTo`, as for a lead. */
export async function assertTaskOwner(db: DbOrTx, accountId: string, userId: string): Promise<string> {
  await assertAssignableUser(db, accountId, userId, "assignedTo");
  return userId;
}
