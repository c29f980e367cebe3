import { and, eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { retryOnDeadlock } from "@/lib/query/retry-on-deadlock";
import { properties } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { notFound } from "@/lib/errors/api-error";
import { assertVersionMatches } from "@/lib/errors/assert-version-matches";
import { previousAttributes, recordEvent } from "@/lib/events/record-event";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import type { PropertyUpdateInput } from "@/lib/schemas/properties";
import { definitionsForWrite } from "@/lib/custom-fields/definitions-for-write";
import { validateCustomFields } from "@/lib/custom-fields/validate-custom-fields";
import { toPropertyColumns } from "./property-columns";
import { toPublicProperty, type PublicProperty } from "./public-property";

// The row is locked while it changes, so previousAttributes are the values this update replaced.
// A PATCH that changes nothing (`{ address: {} }`, or the values it already has) writes nothing.
export async function updateProperty(
  accountId: string,
  propertyId: string,
  input: PropertyUpdateInput,
  actor: Actor,
  /** If-Match (lib/api/if-match.ts): the versions the property may be at; any when undefined. */
  ifMatch?: readonly number[],
): Promise<PublicProperty> {
  const db = await getDb();
  const conflict = { resource: "property" as const, accountId, externalId: () => input.externalId };
  return withExternalIdConflict(db, conflict, () =>
    // The row is locked before the definitions (below), a definition's delete takes them the
    // other way round: when the two deadlock, the loser runs again.
    retryOnDeadlock(() => updatePropertyIn(db, accountId, propertyId, input, actor, ifMatch)),
  );
}

// Apart from the 409 mapping around it, which must run on the pool once the transaction failed.
function updatePropertyIn(
  db: Db,
  accountId: string,
  propertyId: string,
  input: PropertyUpdateInput,
  actor: Actor,
  ifMatch: readonly number[] | undefined,
): Promise<PublicProperty> {
  const columns = toPropertyColumns(input);
  const scope = and(eq(properties.id, propertyId), eq(properties.accountId, accountId));
  return inTransaction(db, async (tx) => {
    // The row first, as updateLead takes it and for the same reason: the version, the commit
    // and the event's place in the feed then follow one order.
    const [before] = await tx.select().from(properties).where(scope).limit(1).for("update");
    if (!before) throw notFound("Property");
    assertVersionMatches("property", before.version, ifMatch);
    const rules =
      input.customFields === undefined ? [] : await definitionsForWrite(tx, accountId, "property", { lock: true });
    const old = toPublicProperty(before);
    // Custom fields merge into the stored ones (null clears a key).
    if (input.customFields !== undefined)
      columns.customFields = validateCustomFields(rules, input.customFields, before.customFields, "update");
    // Nothing that would change: no UPDATE, so no new version and no event.
    if (!Object.keys(previousAttributes(old, toPublicProperty({ ...before, ...columns }))).length) return old;
    const [after] = await tx.update(properties).set(columns).where(scope).returning();
    const object = toPublicProperty(after);
    await recordEvent(tx, accountId, actor, {
      type: "property.updated",
      object,
      previousAttributes: previousAttributes(old, object),
    });
    return object;
  });
}
