import { getDb, type Db } from "@/db/client";
import { inTransaction } from "@/lib/query/after-commit";
import { properties } from "@/db/schema";
import type { Actor } from "@/lib/activities/record-activity";
import { recordEvent } from "@/lib/events/record-event";
import { withExternalIdConflict } from "@/lib/external-ids/external-id-conflict";
import { newId } from "@/lib/ids/new-id";
import type { PropertyCreateInput } from "@/lib/schemas/properties";
import { customFieldsForWrite } from "@/lib/custom-fields/definitions-for-write";
import { toPropertyColumns } from "./property-columns";
import { toPublicProperty, type PublicProperty } from "./public-property";

// The property and its property.created event commit together.
export async function createProperty(
  account: { accountId: string; currency: string },
  input: PropertyCreateInput,
  actor: Actor,
): Promise<PublicProperty> {
  const db = await getDb();
  const conflict = { resource: "property" as const, accountId: account.accountId, externalId: () => input.externalId };
  return withExternalIdConflict(db, conflict, () => createPropertyIn(db, account, input, actor));
}

// Apart from the 409 mapping around it, which must run on the pool once the transaction failed.
function createPropertyIn(
  db: Db,
  account: { accountId: string; currency: string },
  input: PropertyCreateInput,
  actor: Actor,
): Promise<PublicProperty> {
  return inTransaction(db, async (tx) => {
    const target = { accountId: account.accountId, resource: "property" as const };
    const customFields = await customFieldsForWrite(tx, target, input.customFields, null, "create");
    const [property] = await tx
      .insert(properties)
      .values({
        ...toPropertyColumns(input),
        customFields,
        id: newId("property"),
        accountId: account.accountId,
        title: input.title,
        type: input.type,
        listingType: input.listingType,
        currency: (input.currency ?? account.currency).toUpperCase(),
      })
      .returning();
    const object = toPublicProperty(property);
    await recordEvent(tx, account.accountId, actor, { type: "property.created", object });
    return object;
  });
}
