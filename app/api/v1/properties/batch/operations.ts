import { BATCH_DESCRIPTION, batchResultsSchema } from "@/lib/openapi/batch-results";
import { exampleProperty } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { propertyBatchItemSchema } from "@/lib/properties/write-property-batch-item";
import { batchBodyOf, batchBodySchema } from "@/lib/schemas/batch-writes";
import { propertySchema } from "@/lib/schemas/properties";

const exampleLoft = {
  ...exampleProperty,
  id: "prop_01jf3v6q2m8k4x5y7z9a0b1c3b",
  title: "Loft near the ferry building",
  listingType: "rent",
  price: 4200,
  bedrooms: 1,
  areaSqm: 61,
  externalId: "mls-90211",
};

export const batchProperties = {
  operationId: "batchProperties",
  method: "post",
  path: "/api/v1/properties/batch",
  tag: "Properties",
  permission: { properties: "write" },
  summary: "Create or upsert up to 100 properties",
  description: BATCH_DESCRIPTION,
  body: {
    // Only the list is parsed here: each item is parsed on its own (lib/api/run-batch.ts).
    schema: batchBodySchema,
    documented: batchBodyOf(propertyBatchItemSchema, "Property"),
    examples: {
      mixed: {
        summary: "Two listings synced by MLS number, and a create that fails alone",
        value: {
          items: [
            {
              op: "upsert",
              data: {
                externalId: "mls-90210",
                title: "Sunny two-bedroom with bay views",
                type: "apartment",
                listingType: "sale",
                price: 850000,
              },
            },
            {
              op: "upsert",
              data: {
                externalId: "mls-90211",
                title: "Loft near the ferry building",
                type: "apartment",
                listingType: "rent",
                price: 4200,
              },
            },
            {
              op: "create",
              data: { title: "Duplicate listing", type: "apartment", listingType: "sale", externalId: "mls-90210" },
            },
          ],
        },
      },
    },
  },
  response: {
    status: 200,
    description: "One result per item, in order.",
    schema: batchResultsSchema(propertySchema, "Property"),
    example: {
      data: [
        { status: 200, data: exampleProperty },
        { status: 201, data: exampleLoft },
        {
          status: 409,
          error: {
            code: "external_id_taken",
            message: `The externalId "mls-90210" is already used by property ${exampleProperty.id}.`,
            details: [{ path: "externalId", message: `Already used by ${exampleProperty.id}` }],
            requestId: "req_01jf3v6q2m8k4x5y7z9a0b1c2d",
          },
        },
      ],
    },
  },
} satisfies OperationSpec;
