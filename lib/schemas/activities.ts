import { z } from "zod";
import { ACTIVITY_TYPES, ACTOR_TYPES } from "@/db/schema/activities";
import { outputId, outputTimestamp, paginationQuery, timestampQuery } from "./common";

export const activityTypeSchema = z.enum(ACTIVITY_TYPES).meta({ id: "ActivityType" });

export const activitySchema = z
  .object({
    id: outputId("act"),
    leadId: outputId("lead"),
    type: activityTypeSchema,
    summary: z.string().meta({ description: "One readable line.", example: "Status changed from new to contacted" }),
    data: z.record(z.string(), z.unknown()).meta({ description: "Details, e.g. `{\"changes\": {\"status\": [\"new\", \"contacted\"]}}`, `{\"visitId\": \"…\"}`, `{\"smsId\": \"…\"}`." }),
    actor: z
      .object({
        type: z.enum(ACTOR_TYPES),
        id: z.string().nullable().meta({ description: "The API key (`key_…`) or user (`user_…`) id; null for the system." }),
        name: z.string().meta({ description: "The key's or user's name at the time of the change.", example: "Website form" }),
      })
      .meta({ id: "Actor", description: "Who made the change: an API key (by name), a user, or the system." }),
    createdAt: outputTimestamp,
  })
  .meta({ id: "Activity" });

export const activityListQuery = z.strictObject({
  ...paginationQuery,
  sort: z.enum(["-createdAt", "createdAt"]).default("-createdAt").meta({ description: "Activities sort by `createdAt` only." }),
  leadId: z.string().min(1).max(100).optional().meta({ description: "Only activities of this lead." }),
  type: activityTypeSchema.optional().meta({ description: "Only activities of this type." }),
  createdAfter: timestampQuery.optional().meta({ description: "Only activities created strictly after this time." }),
});
export type ActivityListQuery = z.output<typeof activityListQuery>;
