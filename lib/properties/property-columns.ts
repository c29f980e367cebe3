import type { properties } from "@/db/schema";
import type { PropertyUpdateInput } from "@/lib/schemas/properties";

type PropertyColumns = Partial<typeof properties.$inferInsert>;

/** API shape → columns: the address object is flattened, codes upper-cased; parts not sent
 * stay undefined so an update keeps them. */
export function toPropertyColumns(input: PropertyUpdateInput): PropertyColumns {
  const { address, currency, ...rest } = input;
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
