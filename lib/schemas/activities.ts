import { ACTIVITY_TYPES, ACTOR_TYPES, PIPELINE_TRIGGERS } from "@/lib/domain/enums";
import { z } from "zod";
import { outputId, outputTimestamp, paginationQuery, timestampQuery } from "./common";

const activityTypeSchema = z.enum(ACTIVITY_TYPES).meta({ id: "ActivityType" });

// What each activity type writes into `data` (lib/leads, lib/visits, lib/sms, lib/activities):
// every key any of them writes, so an integrator can rely on the names.
const activityDataSchema = z
  .object({
    source: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "`lead_created`: the lead's source when it was created; `inquiry`: where it came from." }),
    changes: z
      // A two-item array rather than a tuple: a 2020-12 tuple (prefixItems, items: false) reads
      // as "any array" to draft-07 validators (Postman's, Portman's), which then refused every
      // real change. minItems/maxItems mean the same in both drafts.
      .record(z.string(), z.array(z.unknown()).length(2).meta({ description: "`[old, new]`." }))
      .optional()
      .meta({
        description:
          "`lead_updated`, `lead_status_changed`: `{field: [old, new]}` for every field the change touched, in the API's field names and formats. From the web UI also `deleted: [true, false]` (a lead restored) `visitStatus: [old, new]` (a visit's outcome recorded), and `visitScheduledAt`, `visitDurationMinutes`, `visitAgentId`, `visitNotes` (a visit rescheduled or edited). `sms_consent_changed`: `{\"consent.sms\": [old, new]}`, each the whole consent record (`status`, `at`, `source`, `text`, `ip`).",
        example: { status: ["new", "contacted"] },
      }),
    visitId: outputId("visit").optional().meta({
      description:
        "`visit_scheduled`, and a visit's outcome or reschedule (`lead_updated` with `changes.visitStatus` or `changes.visitScheduledAt`…).",
    }),
    propertyId: outputId("prop")
      .nullable()
      .optional()
      .meta({ description: "`visit_scheduled`: the property to visit; `inquiry`: the property it was about." }),
    scheduledAt: outputTimestamp.optional().meta({ description: "`visit_scheduled`: when." }),
    smsId: outputId("sms").optional().meta({
      description:
        "`sms_sent`, `sms_failed`, `sms_received`, `sms_opted_out`, `sms_opted_in`, `sms_scheduled`, `sms_cancelled`: the message (`GET /leads/{id}/sms/{smsId}`). Absent from an `sms_opted_out` or `sms_opted_in` whose keyword the phone sent to another agency on the shared number: that message is not yours.",
    }),
    sendAt: outputTimestamp.optional().meta({ description: "`sms_scheduled`: when the message goes out." }),
    providerStatus: z.string().optional().meta({
      description:
        "`sms_failed` reported by the provider after the message was accepted: its status, e.g. `undelivered`.",
    }),
    text: z.string().optional().meta({ description: "`note`: the note, written by staff in the web UI." }),
    message: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "`inquiry`: the inquiry's message, as the portal or form sent it." }),
    matched: z
      .enum(["externalId", "email", "phone"])
      .nullable()
      .optional()
      .meta({ description: "`inquiry`: how intake found the lead; null when the inquiry created it." }),
    taskId: outputId("task").optional().meta({ description: "`task_completed`: the task (`GET /tasks/{id}`)." }),
    keyword: z
      .string()
      .optional()
      .meta({ description: "`sms_opted_out`, `sms_opted_in`: the keyword the lead replied, e.g. `STOP`." }),
    assignedTo: z.string().optional().meta({
      description: "`lead_assigned`: the user lead routing gave the lead to (`user_…`).",
    }),
    ruleId: outputId("lrr").optional().meta({ description: "`lead_assigned`: the routing rule that did." }),
    ruleName: z.string().optional().meta({ description: "`lead_assigned`: that rule's name at the time." }),
    reroutedFrom: z.string().optional().meta({
      description:
        "`lead_assigned` after the rule's minutes passed with no call, text, email or note: the user the lead left (`user_…`).",
    }),
    trigger: z.enum(PIPELINE_TRIGGERS).optional().meta({
      description:
        "An automatic move (`lead_status_changed`, or `lead_updated` when only `propertyId` was set; the actor is the system): the work that made it. `note`, `text` (an SMS sent), `call` or `email` (a completed task of that type) move a New lead to Contacted; `visit` (a visit booked) moves the lead to Visit scheduled and sets its property if it had none. Each move has its switch in the account's settings.",
    }),
    onBehalfOf: z
      .object({
        type: z.enum(ACTOR_TYPES),
        id: z.string().nullable(),
        name: z.string(),
      })
      .optional()
      .meta({
        description: "An automatic move: who did the work that made it (an API key or a user), as `actor` names them.",
      }),
  })
  .meta({
    id: "ActivityData",
    description: "Details of the activity; which keys appear depends on `type`. `lead_deleted` has none.",
  });

export type ActivityData = z.output<typeof activityDataSchema>;

// The activities table's `data` column (db/schema/domain-types.ts).
declare module "@/db/schema/domain-types" {
  interface DomainTypes {
    activityData: ActivityData;
  }
}

export const activitySchema = z
  .object({
    id: outputId("act"),
    leadId: outputId("lead"),
    type: activityTypeSchema,
    summary: z.string().meta({ description: "One readable line.", example: "Status changed from new to contacted" }),
    data: activityDataSchema,
    actor: z
      .object({
        type: z.enum(ACTOR_TYPES),
        id: z
          .string()
          .nullable()
          .meta({ description: "The API key (`key_…`) or user (`user_…`) id; null for the system." }),
        name: z.string().meta({
          description:
            "The key's or user's name at the time of the change; for the system, what acted (`Lead routing`, or `Pipeline, for <name>` for an automatic move, whose `data.onBehalfOf` names who did the work).",
          example: "Website form",
        }),
      })
      .meta({ id: "Actor", description: "Who made the change: an API key (by name), a user, or the system." }),
    createdAt: outputTimestamp,
  })
  .meta({ id: "Activity" });

export const activityListQuery = z.strictObject({
  ...paginationQuery,
  sort: z
    .enum(["-createdAt", "createdAt"])
    .default("-createdAt")
    .meta({ description: "Activities sort by `createdAt` only." }),
  leadId: z.string().min(1).max(100).optional().meta({ description: "Only activities of this lead." }),
  type: activityTypeSchema.optional().meta({ description: "Only activities of this type." }),
  createdAfter: timestampQuery.optional().meta({ description: "Only activities created strictly after this time." }),
});
export type ActivityListQuery = z.output<typeof activityListQuery>;
