import { VISIT_STATUSES } from "@/lib/domain/enums";
import { z } from "zod";
import {
  atLeastOneField,
  idParams,
  outputId,
  outputTimestamp,
  outputVersion,
  paginationQuery,
  sortQuery,
  timestampQuery,
  timestampSchema,
} from "./common";

export const visitStatusSchema = z.enum(VISIT_STATUSES).meta({
  id: "VisitStatus",
  description:
    "`scheduled` on create; `completed`, `cancelled` and `no_show` are the outcomes, set with PATCH /visits/{id} or in the web app (`completed` and `no_show` once the visit has started).",
});

export const visitCreateSchema = z
  .strictObject({
    leadId: z.string().min(1).max(100).meta({ description: "A live lead of your account." }),
    propertyId: z.string().min(1).max(100).meta({ description: "A property of your account." }),
    scheduledAt: timestampSchema,
    durationMinutes: z
      .number()
      .int({ error: "Must be a whole number" })
      .min(5, { error: "5–480 minutes" })
      .max(480, { error: "5–480 minutes" })
      .optional()
      .meta({ description: "5–480, default 30." }),
    agentId: z.string().min(1).max(100).nullable().optional().meta({
      description:
        "An active user of your account (`user_…`, from `GET /users`); another account's or a deactivated user is a 400 `validation_error`.",
    }),
    notes: z.string().max(2000, { error: "At most 2,000 characters" }).nullable().optional(),
    allowConflict: z.boolean().optional().meta({
      description:
        "Book even though the agent has another scheduled visit at an overlapping time (else 409 `visit_conflict`). Only with a Full access key (else 403 `insufficient_permissions`); each override is in the audit log. Not stored: it only lets this request through.",
    }),
  })
  .meta({
    id: "VisitCreate",
    example: {
      leadId: "lead_01jf3v6q2m8k4x5y7z9a0b1c2d",
      propertyId: "prop_01jf3v6q2m8k4x5y7z9a0b1c2d",
      scheduledAt: "2027-03-01T15:00:00.000Z",
      durationMinutes: 45,
    },
  });
export type VisitCreateInput = z.output<typeof visitCreateSchema>;

// Moving a scheduled visit (the web UI's reschedule form; lib/visits/reschedule-visit.ts): the
// create schema's own fields, each optional, so a rule lives in one place.
export const visitRescheduleSchema = visitCreateSchema
  .pick({ scheduledAt: true, durationMinutes: true, agentId: true, notes: true, allowConflict: true })
  .partial();
export type VisitRescheduleInput = z.output<typeof visitRescheduleSchema>;

// PATCH /visits/{id}: the reschedule fields and the status, in one request (lib/visits/update-visit.ts).
export const visitUpdateSchema = visitRescheduleSchema
  .extend({
    status: visitStatusSchema.optional().meta({
      description:
        "An outcome (`completed`, `cancelled`, `no_show`), or `scheduled`, which keeps a scheduled visit as it is: a visit never goes back to `scheduled`. `completed` and `no_show` need a visit that has started.",
    }),
  })
  .refine(atLeastOneField, { error: "Send at least one field to change" })
  .meta({
    id: "VisitUpdate",
    description:
      "Any subset of `scheduledAt`, `durationMinutes`, `agentId`, `notes` and `status` (at least one); `null` clears `agentId` or `notes`.",
    example: { scheduledAt: "2027-03-02T16:00:00.000Z", durationMinutes: 60 },
    minProperties: 1,
  });
export type VisitUpdateInput = z.output<typeof visitUpdateSchema>;

export const visitSchema = z
  .object({
    id: outputId("visit"),
    leadId: outputId("lead"),
    propertyId: outputId("prop").nullable().meta({ description: "Null once the property has been deleted." }),
    scheduledAt: outputTimestamp,
    durationMinutes: z.number().int(),
    status: visitStatusSchema,
    agentId: outputId("user").nullable(),
    notes: z.string().nullable(),
    createdAt: outputTimestamp,
    version: outputVersion,
  })
  .meta({ id: "Visit" });

export const visitListQuery = z.strictObject({
  ...paginationQuery,
  sort: sortQuery,
  leadId: z.string().min(1).max(100).optional().meta({ description: "Only visits of this lead." }),
  propertyId: z.string().min(1).max(100).optional().meta({ description: "Only visits of this property." }),
  status: visitStatusSchema.optional().meta({ description: "Only visits with this status." }),
  from: timestampQuery.optional().meta({ description: "Visits scheduled at or after this time." }),
  to: timestampQuery.optional().meta({ description: "Visits scheduled before this time." }),
});
export type VisitListQuery = z.output<typeof visitListQuery>;

export const visitIdParams = idParams("visit");
