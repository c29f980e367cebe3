import { exampleLead, exampleLeadDeleted, exampleLeadWithActivities, exampleOne } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import {
  leadDeletedSchema,
  leadIdParams,
  leadSchema,
  leadUpdateSchema,
  leadWithPermittedActivitiesSchema,
} from "@/lib/schemas/leads";
import { PHONE_TEXT, propertyNotFound, REFERENCES_TEXT } from "../lead-operation-texts";

export const getLead = {
  operationId: "getLead",
  versioned: true,
  method: "get",
  path: "/api/v1/leads/{id}",
  tag: "Leads",
  permission: { leads: "read" },
  summary: "Get a lead with its recent activities",
  description:
    "One live lead, with `activities`: its 50 most recent activities, newest first, and `activitiesHasMore`. Older ones: `GET /api/v1/activities?leadId=…`. The activities are a resource of their own: a key without `activities:read` gets the lead alone, with `activities` and `activitiesHasMore` left out (not an empty list, which would say the lead has none), as Stripe leaves out what a restricted key cannot read. A soft-deleted lead answers 404.",
  params: leadIdParams,
  response: {
    status: 200,
    description: "The lead; with its recent activities when the key has `activities:read`.",
    schema: leadWithPermittedActivitiesSchema,
    example: exampleOne(exampleLeadWithActivities),
  },
} satisfies OperationSpec;

export const updateLead = {
  operationId: "updateLead",
  versioned: true,
  method: "patch",
  path: "/api/v1/leads/{id}",
  tag: "Leads",
  permission: { leads: "write" },
  summary: "Update a lead",
  description: `Send any subset of the writable fields (at least one); \`null\` clears a nullable field, and fields not sent are kept. One request writes one activity: \`lead_status_changed\` when \`status\` changes, otherwise \`lead_updated\`, with \`data.changes\` as \`{field: [old, new]}\`. ${PHONE_TEXT} ${REFERENCES_TEXT}`,
  params: leadIdParams,
  body: {
    schema: leadUpdateSchema,
    examples: {
      status: { summary: "Move it along the pipeline", value: { status: "contacted" } },
      clear: { summary: "Clear fields with null", value: { notes: null, assignedTo: null, tags: ["investor"] } },
    },
  },
  response: {
    status: 200,
    description: "The lead after the change.",
    schema: leadSchema,
    example: exampleOne(exampleLead),
  },
  // Clearing an opt-out the lead sent by STOP (issue 22).
  errors: ["opt_out_by_recipient", "external_id_taken"],
  errorExamples: { not_found: propertyNotFound },
} satisfies OperationSpec;

export const deleteLead = {
  operationId: "deleteLead",
  versioned: true,
  method: "delete",
  path: "/api/v1/leads/{id}",
  tag: "Leads",
  permission: { leads: "write" },
  summary: "Delete a lead (soft delete)",
  description:
    "Soft-deletes the lead: it disappears from lists and answers 404 to get, update, delete, SMS and visit creation from now on, but its row and its activities stay (a `lead_deleted` activity is written). Deleting it again answers 404.",
  params: leadIdParams,
  response: {
    status: 200,
    description: "The lead is deleted.",
    schema: leadDeletedSchema,
    example: exampleOne(exampleLeadDeleted),
  },
} satisfies OperationSpec;
