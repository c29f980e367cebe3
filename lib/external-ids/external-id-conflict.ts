import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { leads, properties } from "@/db/schema";
import { ApiError } from "@/lib/errors/api-error";
import { violatedUniqueIndex } from "@/lib/query/unique-violation";

// An externalId is unique per account (db/schema: among live leads; among all properties). The
// unique index is the one judge, so two writers racing for the same id cannot both win; its
// violation becomes 409 external_id_taken naming the record that holds the id, never a 500.

export type ExternalIdResource = "lead" | "property";

const INDEX: Record<ExternalIdResource, string> = {
  lead: "leads_account_external_id_unique",
  property: "properties_account_external_id_unique",
};

/** The id of the account's record holding `externalId` (a live lead), if any. */
async function holderOf(db: DbOrTx, resource: ExternalIdResource, accountId: string, externalId: string) {
  const [row] =
    resource === "lead"
      ? await db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.accountId, accountId), eq(leads.externalId, externalId), isNull(leads.deletedAt)))
          .limit(1)
      : await db
          .select({ id: properties.id })
          .from(properties)
          .where(and(eq(properties.accountId, accountId), eq(properties.externalId, externalId)))
          .limit(1);
  return row?.id;
}

function externalIdTaken(resource: ExternalIdResource, externalId: string, holderId: string | undefined) {
  const holder = holderId ? `${resource} ${holderId}` : `another ${resource}`;
  return new ApiError("external_id_taken", `The externalId "${externalId}" is already used by ${holder}.`, [
    { path: "externalId", message: `Already used by ${holderId ?? `another ${resource}`}` },
  ]);
}

/**
 * Runs `write`; when it breaks the resource's externalId index, throws 409 external_id_taken
 * naming the holder. `db` must be usable after the failure: the pool, or a transaction whose
 * failed part ran in a savepoint (a failed statement aborts the rest of its transaction).
 */
export async function withExternalIdConflict<T>(
  db: DbOrTx,
  target: { resource: ExternalIdResource; accountId: string; externalId: () => string | null | undefined },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const externalId = target.externalId();
    if (!externalId || violatedUniqueIndex(error) !== INDEX[target.resource]) throw error;
    throw externalIdTaken(
      target.resource,
      externalId,
      await holderOf(db, target.resource, target.accountId, externalId),
    );
  }
}
