import {
  leadCreateSchema,
  leadDeletedSchema,
  leadIdParams,
  leadListQuery,
  leadSchema,
  leadUpdateSchema,
  leadWithPermittedActivitiesSchema,
} from "@/lib/schemas/leads";
import { exampleLead, exampleLeadDeleted, exampleLeadWithActivities, exampleList, exampleOne } from "../examples";
import type { OperationSpec } from "../operation-spec";

const PHONE =
  "Phones are accepted in any common format and returned as E.164 (`+14155550123`); a number without `+` is read in the account's default country, and an impossible number is a `validation_error` on `phone`. An empty string clears the phone.";
const REFERENCES =
  "`propertyId` and `assignedTo` must belong to your account: another account's id answers 404 `not_found` with `details` naming the field.";
const propertyNotFound = {
  message: "Property not found.",
  details: [{ path: "propertyId", message: "No such property in this account" }],
};

export const leadOperations: OperationSpec[] = [
  {
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
  },
  {
    operationId: "createLead",
    method: "post",
    path: "/api/v1/leads",
    tag: "Leads",
    permission: { leads: "write" },
    summary: "Create a lead",
    description: `Creates a lead and writes its \`lead_created\` activity in the same transaction. Only \`name\` is required; \`status\` defaults to \`new\`. Emails are stored lower-cased and tags de-duplicated. ${PHONE} ${REFERENCES} Send an \`Idempotency-Key\` to make a retry safe.`,
    body: {
      schema: leadCreateSchema,
      examples: {
        full: {
          summary: "A lead from a web form",
          value: {
            name: "Ada Lovelace",
            email: "ada@example.com",
            phone: "(415) 555-0123",
            source: "website",
            interest: "buy",
            budget: 450000,
            tags: ["first-time-buyer"],
          },
        },
        minimal: { summary: "Only the name", value: { name: "Grace Hopper" } },
      },
    },
    response: {
      status: 201,
      description: "The lead as stored (phone in E.164, email lower-cased).",
      schema: leadSchema,
      example: exampleOne(exampleLead),
      location: { description: "The new lead's URL.", example: `/api/v1/leads/${exampleLead.id}` },
    },
    errors: ["not_found", "opt_out_by_recipient", "external_id_taken"],
    errorExamples: { not_found: propertyNotFound },
  },
  {
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
  },
  {
    operationId: "updateLead",
    versioned: true,
    method: "patch",
    path: "/api/v1/leads/{id}",
    tag: "Leads",
    permission: { leads: "write" },
    summary: "Update a lead",
    description: `Send any subset of the writable fields (at least one); \`null\` clears a nullable field, and fields not sent are kept. One request writes one activity: \`lead_status_changed\` when \`status\` changes, otherwise \`lead_updated\`, with \`data.changes\` as \`{field: [old, new]}\`. ${PHONE} ${REFERENCES}`,
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
  },
  {
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
  },
];
