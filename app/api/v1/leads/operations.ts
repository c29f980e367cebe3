import {
  exampleCreatedLead,
  exampleCreatedLeadRequest,
  exampleLead,
  exampleList,
  exampleOne,
} from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { leadCreateSchema, leadListQuery, leadSchema } from "@/lib/schemas/leads";
import { PHONE_TEXT, propertyNotFound, REFERENCES_TEXT, ROUTING_TEXT } from "./lead-operation-texts";

export const listLeads = {
  operationId: "listLeads",
  method: "get",
  path: "/api/v1/leads",
  tag: "Leads",
  permission: { leads: "read" },
  summary: "List leads",
  description:
    "Live leads of your account (soft-deleted ones never appear), newest first unless `sort` says otherwise. Filters combine with AND. Page with `limit` and `cursor` until `meta.hasMore` is false. `createdAfter` and `updatedAfter` are exclusive.",
  query: leadListQuery,
  list: true,
  response: { status: 200, description: "A page of leads.", schema: leadSchema, example: exampleList(exampleLead) },
} satisfies OperationSpec;

export const createLead = {
  operationId: "createLead",
  method: "post",
  path: "/api/v1/leads",
  tag: "Leads",
  permission: { leads: "write" },
  summary: "Create a lead",
  description: `Creates a lead and writes its \`lead_created\` activity in the same transaction. Only \`name\` is required; \`status\` defaults to \`new\`. Emails are stored lower-cased and tags de-duplicated. ${PHONE_TEXT} ${REFERENCES_TEXT} ${ROUTING_TEXT} Send an \`Idempotency-Key\` to make a retry safe.`,
  body: {
    schema: leadCreateSchema,
    examples: {
      full: {
        summary: "A lead from a web form",
        value: exampleCreatedLeadRequest,
      },
      minimal: { summary: "Only the name", value: { name: "Grace Hopper" } },
    },
  },
  response: {
    status: 201,
    description: "The lead as stored (phone in E.164, email lower-cased).",
    schema: leadSchema,
    example: exampleOne(exampleCreatedLead),
    location: { description: "The new lead's URL.", example: `/api/v1/leads/${exampleCreatedLead.id}` },
  },
  errors: ["not_found", "opt_out_by_recipient", "external_id_taken"],
  errorExamples: { not_found: propertyNotFound },
} satisfies OperationSpec;
