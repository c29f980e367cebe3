import type { z } from "zod";
import { properties } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { propertySchema } from "@/lib/schemas/properties";

export type PublicProperty = z.output<typeof propertySchema>;

// The address is five columns in the table, one object in the API.
const publicProperty = definePublicShape(propertySchema, properties, {
  address: { street: "street", city: "city", region: "region", postalCode: "postalCode", country: "country" },
});

export const toPublicProperty = publicProperty.fromRow;
