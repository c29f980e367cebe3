import { exampleLead, exampleOne } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { intakeMatchSchema, leadIntakeSchema } from "@/lib/schemas/lead-intake";
import { leadSchema } from "@/lib/schemas/leads";
import { propertyNotFound } from "../lead-operation-texts";

// Issue 21: the door for portals and web forms: an inquiry that never duplicates a lead.

export const intakeLead = {
  operationId: "intakeLead",
  method: "post",
  path: "/api/v1/leads/intake",
  tag: "Leads",
  permission: { leads: "write" },
  summary: "Take in an inquiry (find or create its lead)",
  description:
    "For a portal or web-form inquiry: the person is matched among your account's live leads by `externalId`, else by `email` (case-insensitive), else by `phone` (after normalising to E.164), so the same person asking twice stays one lead. On a match (200) the lead's empty fields are filled from the inquiry (a value is never overwritten, never with null) its new tags added (up to 20 in all) and its `customFields` without a value filled (checked as on `POST /leads`: a wrong type, unknown key or unknown option is a 400), writing `lead_updated` and a `lead.updated` event only when something changed. Without a match (201) the lead is created as `POST /leads` creates one (`lead_created`, `lead.created`, and lead routing when the inquiry names no `assignedTo`; a matched lead is never re-routed), except that a required custom field left out does not refuse the inquiry: a lost inquiry costs more than an incomplete lead, and staff complete it. Either way an `inquiry` activity keeps the `message`, `source` and `propertyId`, and `matched` says how the lead was found. Parallel inquiries for the same person are taken one after the other: they make one lead and one `inquiry` activity each. Send an `Idempotency-Key` to make a retry safe.",
  body: {
    schema: leadIntakeSchema,
    examples: {
      portal: {
        summary: "A portal inquiry about a listing",
        value: {
          name: "Ada Lovelace",
          email: "ada@example.com",
          phone: "(415) 555-0123",
          source: "portal:zillow",
          tags: ["zillow"],
          message: "Is the two-bedroom on Harbor Blvd still available?",
        },
      },
    },
  },
  response: {
    status: 200,
    description: "An existing lead matched: the lead after the inquiry, and how it matched.",
    schema: leadSchema,
    envelope: { matched: intakeMatchSchema },
    example: { ...exampleOne(exampleLead), matched: "email" },
    also: {
      status: 201,
      description: "No lead matched: the lead created, with `matched: null`.",
      example: { ...exampleOne(exampleLead), matched: null },
      location: { description: "The new lead's URL.", example: `/api/v1/leads/${exampleLead.id}` },
    },
  },
  errors: ["not_found", "external_id_taken"],
  errorExamples: { not_found: propertyNotFound },
} satisfies OperationSpec;
