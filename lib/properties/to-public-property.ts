import type { Property } from "@/db/schema";

export type PublicProperty = ReturnType<typeof toPublicProperty>;

export function toPublicProperty(p: Property) {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    type: p.type,
    listingType: p.listingType,
    status: p.status,
    price: p.price,
    currency: p.currency,
    address: { street: p.street, city: p.city, region: p.region, postalCode: p.postalCode, country: p.country },
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    areaSqm: p.areaSqm,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
