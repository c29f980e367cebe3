import { exampleOne, exampleUser } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { routePreviewSchema } from "@/lib/schemas/lead-routing";
import { leadCreateSchema } from "@/lib/schemas/leads";
import { propertyNotFound } from "../lead-operation-texts";

// Issue 34: which agent lead routing would give a lead, before creating it (Lofty's assignee
// preview), without Follow Up Boss's "wait until routing has run".

export const previewLeadRoute = {
  operationId: "previewLeadRoute",
  method: "post",
  path: "/api/v1/leads/route-preview",
  tag: "Leads",
  // It creates nothing and reads what GET /leads shows (assignees): read is enough.
  permission: { leads: "read" },
  summary: "Preview a lead's routing",
  description:
    "Takes the body `POST /leads` takes and answers which routing rule (Settings → Lead routing) would take the lead and which user it would be assigned to, creating nothing. Rules are tried in their order, the default rule last; the first whose conditions all hold (`source`, `tags`, `interest`, `budget` range, custom fields) and that has an available agent (or leaves leads unassigned) takes the lead. A round-robin rule answers the agent whose turn is next: previewing does not take the turn, so a lead created later may get another agent if other leads took turns meanwhile. When the body names `assignedTo`, routing does not run and that user is the answer. `POST /leads`, intake, batch, the CSV import, an inbound SMS from an unknown number and the web form all route a lead born without `assignedTo`, and their answer already carries its `assignedTo`.",
  body: {
    schema: leadCreateSchema,
    examples: {
      website: {
        summary: "A website lead",
        value: { name: "Ada Lovelace", source: "website", interest: "buy", budget: 450000, tags: ["first-time-buyer"] },
      },
    },
  },
  response: {
    status: 200,
    description: "The rule and the user the lead would get now.",
    schema: routePreviewSchema,
    example: exampleOne({
      rule: { id: "lrr_01jf3v9k4n2p6r8t0v2x4z6b8h", name: "Website leads" },
      assignedTo: exampleUser.id,
      reason: "round_robin",
    }),
  },
  errors: ["not_found"],
  errorExamples: { not_found: propertyNotFound },
} satisfies OperationSpec;
