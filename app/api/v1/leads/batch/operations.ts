import { leadBatchItemSchema } from "@/lib/leads/write-lead-batch-item";
import { BATCH_DESCRIPTION, batchResultsSchema } from "@/lib/openapi/batch-results";
import { ERROR_CATALOGUE } from "@/lib/openapi/error-catalogue";
import { exampleLead } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { batchBodyOf, batchBodySchema } from "@/lib/schemas/batch-writes";
import { leadSchema } from "@/lib/schemas/leads";

// Issue 21: the door for other CRMs: batch writes, upserted by externalId.

const REQUEST_ID = "req_01jf3v6q2m8k4x5y7z9a0b1c2d";
const exampleGrace = {
  ...exampleLead,
  id: "lead_01jf3v6q2m8k4x5y7z9a0b1c3a",
  name: "Grace Hopper",
  email: "grace@example.com",
  phone: null,
  status: "new",
  source: "open-house",
  interest: null,
  budget: null,
  propertyId: null,
  tags: [],
  externalId: null,
};

export const batchLeads = {
  operationId: "batchLeads",
  method: "post",
  path: "/api/v1/leads/batch",
  tag: "Leads",
  permission: { leads: "write" },
  summary: "Create or upsert up to 100 leads",
  description: BATCH_DESCRIPTION,
  body: {
    // Only the list is parsed here: each item is parsed on its own (lib/api/run-batch.ts).
    schema: batchBodySchema,
    documented: batchBodyOf(leadBatchItemSchema, "Lead"),
    examples: {
      mixed: {
        summary: "An upsert, a create, and a create that fails alone (its externalId is the first item's)",
        value: {
          items: [
            {
              op: "upsert",
              data: { externalId: "crm-4711", name: "Ada Lovelace", email: "ada@example.com", status: "contacted" },
            },
            { op: "create", data: { name: "Grace Hopper", email: "grace@example.com", source: "open-house" } },
            { op: "create", data: { name: "Ada (again)", externalId: "crm-4711" } },
          ],
        },
      },
    },
  },
  response: {
    status: 200,
    description: "One result per item, in order.",
    schema: batchResultsSchema(leadSchema, "Lead"),
    example: {
      data: [
        { status: 200, data: exampleLead },
        { status: 201, data: exampleGrace },
        {
          status: 409,
          error: {
            code: "external_id_taken",
            message: ERROR_CATALOGUE.external_id_taken.message,
            details: ERROR_CATALOGUE.external_id_taken.details,
            requestId: REQUEST_ID,
          },
        },
      ],
    },
  },
} satisfies OperationSpec;
