import { exampleOne, exampleProperty, examplePropertyDeleted } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import {
  propertyDeletedSchema,
  propertyIdParams,
  propertySchema,
  propertyUpdateSchema,
} from "@/lib/schemas/properties";

const notFound = { message: "Property not found." };

export const getProperty = {
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
} satisfies OperationSpec;

export const updateProperty = {
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
} satisfies OperationSpec;

export const deleteProperty = {
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
} satisfies OperationSpec;
