import { exampleList, exampleOne, exampleProperty } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { propertyCreateSchema, propertyListQuery, propertySchema } from "@/lib/schemas/properties";

export const listProperties = {
  operationId: "listProperties",
  method: "get",
  path: "/api/v1/properties",
  tag: "Properties",
  permission: { properties: "read" },
  summary: "List properties",
  description:
    "Properties of your account, newest first unless `sort` says otherwise. Filters combine with AND; `minPrice` and `maxPrice` are inclusive and leave out properties without a price. Page with `limit` and `cursor` until `meta.hasMore` is false.",
  query: propertyListQuery,
  list: true,
  response: {
    status: 200,
    description: "A page of properties.",
    schema: propertySchema,
    example: exampleList(exampleProperty),
  },
} satisfies OperationSpec;

export const createProperty = {
  operationId: "createProperty",
  method: "post",
  path: "/api/v1/properties",
  tag: "Properties",
  permission: { properties: "write" },
  summary: "Create a property",
  description:
    "`title`, `type` and `listingType` are required; `status` defaults to `available` and `currency` to your account's currency. Prices are whole currency units. Send an `Idempotency-Key` to make a retry safe.",
  body: {
    schema: propertyCreateSchema,
    examples: {
      full: {
        summary: "An apartment for sale",
        value: {
          title: "Sunny two-bedroom with bay views",
          type: "apartment",
          listingType: "sale",
          price: 850000,
          address: {
            street: "12 Harbor Blvd",
            city: "San Francisco",
            region: "CA",
            postalCode: "94110",
            country: "US",
          },
          bedrooms: 2,
          bathrooms: 1.5,
          areaSqm: 78.5,
        },
      },
      minimal: {
        summary: "Only the required fields",
        value: { title: "Plot on Ridge Road", type: "land", listingType: "sale" },
      },
    },
  },
  response: {
    status: 201,
    description: "The property as stored.",
    schema: propertySchema,
    example: exampleOne(exampleProperty),
    location: { description: "The new property's URL.", example: `/api/v1/properties/${exampleProperty.id}` },
  },
  errors: ["external_id_taken"],
} satisfies OperationSpec;
