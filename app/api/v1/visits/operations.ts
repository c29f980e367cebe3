import { exampleList, exampleOne, exampleVisit } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { visitCreateSchema, visitListQuery, visitSchema } from "@/lib/schemas/visits";

export const listVisits = {
  operationId: "listVisits",
  method: "get",
  path: "/api/v1/visits",
  tag: "Visits",
  permission: { visits: "read" },
  summary: "List visits",
  description:
    "Visits of your account. `from` (inclusive) and `to` (exclusive) filter on `scheduledAt`; `sort` orders by creation time (visits have no `updatedAt`, so `updatedAt` sorts behave like `createdAt`). Page with `limit` and `cursor` until `meta.hasMore` is false.",
  query: visitListQuery,
  list: true,
  response: {
    status: 200,
    description: "A page of visits.",
    schema: visitSchema,
    example: exampleList(exampleVisit),
  },
} satisfies OperationSpec;

export const createVisit = {
  operationId: "createVisit",
  method: "post",
  path: "/api/v1/visits",
  tag: "Visits",
  permission: { visits: "write" },
  summary: "Schedule a visit",
  description:
    "Schedules a visit of a lead to a property, with status `scheduled`, and writes a `visit_scheduled` activity on the lead in the same transaction. **It can change the lead:** unless the account turned the move off, a lead that is `new`, `contacted` or `qualified` moves to `visit_scheduled`, and a lead without a `propertyId` gets the visit's, in that same transaction (a `lead.status_changed` or `lead.updated` event by the system; never backwards; see the guide's \"The pipeline follows the work\"). `leadId` must be a live lead of your account and `propertyId` must belong to your account: otherwise 404 `not_found` (`details` names the field). `agentId` must be an active user of your account (`GET /users`): another account's user or a deactivated one is a 400 `validation_error` on `agentId`. `durationMinutes` defaults to 30. Send an `Idempotency-Key` to make a retry safe.\n\n**Guard rails.** `scheduledAt` may not be more than 5 minutes in the past (the leeway is for clock skew; earlier is 400 `validation_error` on `scheduledAt`). An agent is at one visit at a time: when `agentId` already has a `scheduled` visit overlapping `scheduledAt` + `durationMinutes`, the answer is 409 `visit_conflict` and `details` name that visit (`visitId`, `scheduledAt`). Back to back is fine, and cancelled, completed and missed visits never block. Two bookings of one agent sent at once are checked one after the other: exactly one of two overlapping ones wins. `allowConflict: true` books over a conflict: only with a Full access key (a restricted key gets 403 `insufficient_permissions`), and each override is written to the audit log.",
  body: {
    schema: visitCreateSchema,
    examples: {
      visit: {
        summary: "A 45-minute viewing",
        value: {
          leadId: "lead_01jf3v6q2m8k4x5y7z9a0b1c2d",
          propertyId: "prop_01jf3v6q2m8k4x5y7z9a0b1c2e",
          scheduledAt: "2027-03-01T15:00:00.000Z",
          durationMinutes: 45,
          notes: "Bring the floor plan.",
        },
      },
    },
  },
  response: {
    status: 201,
    description: "The visit as stored.",
    schema: visitSchema,
    example: exampleOne(exampleVisit),
    location: {
      description: "The new visit's URL (`GET` answers it).",
      example: `/api/v1/visits/${exampleVisit.id}`,
    },
  },
  errors: ["not_found", "visit_conflict"],
  errorExamples: { not_found: { message: "Lead not found." } },
} satisfies OperationSpec;
