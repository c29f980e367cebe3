import type { properties } from "@/db/schema";
import type { PropertyUpdateInput } from "@/lib/schemas/properties";

type PropertyColumns = Partial<typeof properties.$inferInsert>;

/** API shape → columns: the address object is flattened, codes upper-cased; parts not sent
 * stay undefined so an update keeps them. Custom fields are checked and merged apart
 * (lib/custom-fields/definitions-for-write.ts). */
export function toPropertyColumns(input: PropertyUpdateInput): PropertyColumns {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { address, currency, customFields, ...rest } = input;
  return {
    ...rest,
    ...(currency !== undefined && { currency: currency.toUpperCase() }),
    ...(address && {
      ...(address.street !== undefined && { street: address.street }),
      ...(address.city !== undefined && { city: address.city }),
      ...(address.region !== undefined && { region: address.region }),
      ...(address.postalCode !== undefined && { postalCode: address.postalCode }),
      ...(address.country !== undefined && { country: address.country?.toUpperCase() ?? null }),
    }),
  };
}
