import { LISTING_TYPES, PROPERTY_STATUSES, PROPERTY_TYPES } from "@/lib/domain/enums";
import { z } from "zod";
import {
  atLeastOneField,
  externalIdInput,
  externalIdQuery,
  idParams,
  nullableText,
  outputId,
  outputTimestamp,
  outputVersion,
  paginationQuery,
  queryInteger,
  sortQuery,
} from "./common";
import { customFieldFilterQuery, customFieldValuesInput, customFieldValuesSchema } from "./custom-fields";

export const propertyTypeSchema = z.enum(PROPERTY_TYPES).meta({ id: "PropertyType" });
export const listingTypeSchema = z.enum(LISTING_TYPES).meta({ id: "ListingType" });
export const propertyStatusSchema = z.enum(PROPERTY_STATUSES).meta({ id: "PropertyStatus" });

const addressLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullable()
    .optional();
const addressSchema = z
  .strictObject({
    street: addressLine(200),
    city: addressLine(100),
    region: addressLine(100),
    postalCode: addressLine(20),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, { error: "ISO 3166-1 alpha-2 code, e.g. US" })
      .nullable()
      .optional(),
  })
  .meta({ id: "AddressInput", description: "Each part is optional; `null` clears it." });

const writable = {
  title: z
    .string()
    .trim()
    .min(1, { error: "Required, 1–200 characters" })
    .max(200, { error: "At most 200 characters" }),
  description: nullableText(10_000),
  type: propertyTypeSchema,
  listingType: listingTypeSchema,
  status: propertyStatusSchema,
  price: z
    .number()
    .int({ error: "Must be a whole number" })
    .min(0, { error: "Must be 0 or more" })
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .meta({ description: "Whole currency units.", example: 850000 }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: "ISO 4217 code, e.g. USD" })
    .meta({ description: "ISO 4217; defaults to the account's currency.", example: "USD" }),
  address: addressSchema,
  bedrooms: z.number().int({ error: "Must be a whole number" }).min(0).max(100).nullable(),
  bathrooms: z
    .number()
    .min(0, { error: "Must be 0 or more" })
    .max(100)
    .multipleOf(0.5, { error: "Must be a whole or half number, e.g. 2.5" })
    .nullable()
    .meta({ description: "Full baths count 1, a half bath (no shower or tub) 0.5.", example: 2.5 }),
  areaSqm: z.number().gt(0, { error: "Must be greater than 0" }).max(10_000_000).nullable(),
  externalId: externalIdInput,
  customFields: customFieldValuesInput,
};

// The same fields serve both bodies: all optional on PATCH, title/type/listingType required on POST.
export const propertyCreateSchema = z
  .strictObject(writable)
  .partial()
  .required({ title: true, type: true, listingType: true })
  .meta({
    id: "PropertyCreate",
    example: {
      title: "Sunny two-bedroom with bay views",
      type: "apartment",
      listingType: "sale",
      price: 850000,
      address: { street: "12 Harbor Blvd", city: "San Francisco", region: "CA", postalCode: "94110", country: "US" },
      bedrooms: 2,
      bathrooms: 1.5,
      areaSqm: 78.5,
    },
  });

export const propertyUpdateSchema = z
  .strictObject(writable)
  .partial()
  .refine(atLeastOneField, { error: "Send at least one field to change" })
  .meta({
    id: "PropertyUpdate",
    description:
      "Any subset of the writable fields (at least one); `null` clears a nullable field. `address` parts not sent are kept.",
    example: { status: "reserved", price: 825000 },
    minProperties: 1,
  });

export type PropertyCreateInput = z.output<typeof propertyCreateSchema>;
export type PropertyUpdateInput = z.output<typeof propertyUpdateSchema>;

export const propertySchema = z
  .object({
    id: outputId("prop"),
    title: z.string(),
    description: z.string().nullable(),
    type: propertyTypeSchema,
    listingType: listingTypeSchema,
    status: propertyStatusSchema,
    price: z.number().int().nullable(),
    currency: z.string().meta({ description: "ISO 4217, upper-case.", example: "USD" }),
    address: z
      .object({
        street: z.string().nullable(),
        city: z.string().nullable(),
        region: z.string().nullable(),
        postalCode: z.string().nullable(),
        country: z.string().nullable(),
      })
      .meta({ id: "Address", description: "`country` is ISO 3166-1 alpha-2, upper-case." }),
    bedrooms: z.number().int().nullable(),
    bathrooms: z
      .number()
      .multipleOf(0.5)
      .nullable()
      .meta({ description: "In steps of 0.5 (a half bath).", example: 2.5 }),
    areaSqm: z.number().nullable(),
    externalId: z.string().nullable().meta({ description: "Your own id for the property, if you set one." }),
    customFields: customFieldValuesSchema,
    createdAt: outputTimestamp,
    updatedAt: outputTimestamp,
    version: outputVersion,
  })
  .meta({ id: "Property" });

export const propertyDeletedSchema = z
  .object({ id: outputId("prop"), deleted: z.literal(true) })
  .meta({ id: "PropertyDeleted", description: "The property is removed for good." });

const nonNegativeInt = queryInteger(
  z
    .number({ error: "Must be a whole number" })
    .int({ error: "Must be a whole number" })
    .min(0, { error: "Must be 0 or more" })
    .max(Number.MAX_SAFE_INTEGER),
);
export const propertyListQuery = z.strictObject({
  ...paginationQuery,
  sort: sortQuery,
  status: propertyStatusSchema.optional().meta({ description: "Only properties with this status." }),
  type: propertyTypeSchema.optional().meta({ description: "Only properties of this type." }),
  listingType: listingTypeSchema.optional().meta({ description: "Only properties for sale, or only for rent." }),
  externalId: externalIdQuery,
  city: z.string().min(1).max(100).optional().meta({ description: "Exact city, case-insensitive." }),
  minPrice: nonNegativeInt.optional().meta({
    description:
      "Only properties priced at least this (whole currency units); properties without a price are left out.",
  }),
  maxPrice: nonNegativeInt.optional().meta({
    description: "Only properties priced at most this (whole currency units); properties without a price are left out.",
  }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: "Matches title, description or street (case-insensitive substring)." }),
  cf: customFieldFilterQuery,
});
export type PropertyListQuery = z.output<typeof propertyListQuery>;

export const propertyIdParams = idParams("prop");
