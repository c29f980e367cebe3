import type { DbOrTx } from "@/db/client";
import { normalizePhone } from "@/lib/phone/normalize-phone";
import { assertPropertyInAccount, assertAssignableUser } from "@/lib/accounts/assert-account-references";
import type { LeadUpdateInput } from "@/lib/schemas/leads";

export interface LeadAccountContext {
  accountId: string;
  defaultCountry: string;
  /** Known from the API key's lookup: false spares POST /leads without customFields reading the
   * custom field definitions (no lead field of the account is required). */
  hasRequiredLeadCustomFields?: boolean;
  /** Known from the API key's lookup: the account's routing version, for which this process may
   * hold its rules already (lib/routing/cached-routing-rules.ts). */
  routingVersion?: number;
}

/** Normalises what the schema cannot (phone to E.164, email case, tag duplicates) and checks
 * that referenced ids belong to the account. Fields not sent stay undefined. `before`: the lead
 * an update changes, whose assignee may stay even once deactivated. */
export async function prepareLeadFields<T extends LeadUpdateInput>(
  db: DbOrTx,
  account: LeadAccountContext,
  input: T,
  before?: { assignedTo: string | null },
): Promise<T> {
  await assertPropertyInAccount(db, account.accountId, input.propertyId);
  await assertAssignableUser(db, account.accountId, input.assignedTo, "assignedTo", before?.assignedTo);
  return {
    ...input,
    ...(input.phone !== undefined && { phone: normalizePhone(input.phone, account.defaultCountry) }),
    ...(input.email !== undefined && { email: input.email === null ? null : input.email.toLowerCase() }),
    ...(input.tags !== undefined && { tags: [...new Set(input.tags)] }),
  };
}
