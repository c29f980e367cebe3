import {
  propertyCreateSchema,
  propertyDeletedSchema,
  propertyIdParams,
  propertyListQuery,
  propertySchema,
  propertyUpdateSchema,
} from "@/lib/schemas/properties";
import { exampleList, exampleOne, exampleProperty, examplePropertyDeleted } from "../examples";
import type { OperationSpec } from "../operation-spec";

const notFound = { message: "Property not found." };

export const propertyOperations: OperationSpec[] = [
  {
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
  },
  {
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
            bathrooms: 1,
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
  },
  {
    operationId: "getProperty",
    versioned: true,
    method: "get",
    path: "/api/v1/properties/{id}",
    tag: "Properties",
    permission: { properties: "read" },
    summary: "Get a property",
    description:
      "One property of your account. Another account's id answers 404 `not_found`, exactly like a missing one.",
    params: propertyIdParams,
    response: {
      status: 200,
      description: "The property.",
      schema: propertySchema,
      example: exampleOne(exampleProperty),
    },
    errorExamples: { not_found: notFound },
  },
  {
    operationId: "updateProperty",
    versioned: true,
    method: "patch",
    path: "/api/v1/properties/{id}",
    tag: "Properties",
    permission: { properties: "write" },
    summary: "Update a property",
    description:
      "Send any subset of the writable fields (at least one); `null` clears a nullable field and fields not sent are kept. Inside `address`, parts not sent are kept too.",
    params: propertyIdParams,
    body: {
      schema: propertyUpdateSchema,
      examples: {
        reserve: { summary: "Reserve it at a new price", value: { status: "reserved", price: 825000 } },
        address: { summary: "Fix one part of the address", value: { address: { postalCode: "94107" } } },
      },
    },
    response: {
      status: 200,
      description: "The property after the change.",
      schema: propertySchema,
      example: exampleOne(exampleProperty),
    },
    errors: ["external_id_taken"],
    errorExamples: { not_found: notFound },
  },
  {
    operationId: "deleteProperty",
    versioned: true,
    method: "delete",
    path: "/api/v1/properties/{id}",
    tag: "Properties",
    permission: { properties: "write" },
    summary: "Delete a property",
    description:
      "Removes the property for good (the one resource the API really deletes). Its visits keep their history with `propertyId: null`, and leads that pointed at it get `propertyId: null`. Deleting it again answers 404.",
    params: propertyIdParams,
    response: {
      status: 200,
      description: "The property is deleted.",
      schema: propertyDeletedSchema,
      example: exampleOne(examplePropertyDeleted),
    },
    errorExamples: { not_found: notFound },
  },
];
