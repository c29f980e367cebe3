import { exampleOne, exampleVisit } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { visitIdParams, visitSchema, visitUpdateSchema } from "@/lib/schemas/visits";

export const getVisit = {
  operationId: "getVisit",
  versioned: true,
  method: "get",
  path: "/api/v1/visits/{id}",
  tag: "Visits",
  permission: { visits: "read" },
  summary: "Get a visit",
  description:
    "One visit of your account: the URL in `Location` when it was created. A visit stays readable after its lead is deleted, as in the list.",
  params: visitIdParams,
  response: { status: 200, description: "The visit.", schema: visitSchema, example: exampleOne(exampleVisit) },
  errorExamples: { not_found: { message: "Visit not found." } },
} satisfies OperationSpec;

export const updateVisit = {
  operationId: "updateVisit",
  versioned: true,
  method: "patch",
  path: "/api/v1/visits/{id}",
  tag: "Visits",
  permission: { visits: "write" },
  summary: "Reschedule, cancel or record a visit's outcome",
  description: [
    "The web app's changes to a visit, with its rules. Send any subset of the fields (at least one); `null` clears `agentId` or `notes`, and fields not sent are kept.",
    "**Reschedule or edit** with `scheduledAt`, `durationMinutes`, `agentId` (an active user of your account, else 400 `validation_error` on `agentId`; the agent the visit already has may stay) and `notes`: only while the visit is `scheduled`; a completed, cancelled or missed visit is history (409 `visit_not_scheduled`: book a new one). It writes a `lead_updated` activity on the lead with `data.visitId` and `data.changes` as `{visitScheduledAt: [old, new], visitDurationMinutes, visitAgentId, visitNotes}` (changed fields only). A new time, length or agent must not overlap another `scheduled` visit of the agent (409 `visit_conflict`, `details` naming it; back to back is fine); `allowConflict: true` moves it anyway, only with a Full access key (else 403 `insufficient_permissions`), and is audited.",
    "**Cancel or record the outcome** with `status`: `completed`, `cancelled` or `no_show`, from `scheduled` or to correct an earlier outcome. `completed` and `no_show` need a visit that has started (422 `visit_not_started`); it can be cancelled at any time; a visit never goes back to `scheduled` (409 `visit_not_scheduled`). It writes a `lead_updated` activity with `data.changes.visitStatus: [old, new]`. There is no DELETE: cancelling keeps the visit, with `status: cancelled`.",
    "Both in one request are applied in one transaction, the move first (so a no-show is judged at the new time). A change writes one `visit.updated` event with `previousAttributes`; a request that changes nothing (the values the visit has) writes nothing and answers the visit. A visit of a deleted lead answers 404, though GET still reads it.",
  ].join("\n\n"),
  params: visitIdParams,
  body: {
    schema: visitUpdateSchema,
    examples: {
      reschedule: {
        summary: "Move it and make it longer",
        value: { scheduledAt: "2027-03-02T16:00:00.000Z", durationMinutes: 60 },
      },
      cancel: { summary: "Cancel it", value: { status: "cancelled", notes: "The lead found a flat elsewhere." } },
      outcome: { summary: "Record how it went", value: { status: "completed" } },
    },
  },
  response: {
    status: 200,
    description: "The visit after the change.",
    schema: visitSchema,
    example: exampleOne({ ...exampleVisit, scheduledAt: "2027-03-02T16:00:00.000Z", durationMinutes: 60 }),
  },
  errors: ["visit_not_scheduled", "visit_conflict", "visit_not_started"],
  errorExamples: { not_found: { message: "Visit not found." } },
} satisfies OperationSpec;
