import { z } from "zod";
import { ACTIVITY_TYPES, ACTOR_TYPES } from "@/db/schema/activities";
import { paginationQuery, timestampQuery } from "./common";

export const activityTypeSchema = z.enum(ACTIVITY_TYPES).meta({ id: "ActivityType" });

export const activitySchema = z
  .object({
    id: z.string().meta({ example: "act_01jf3v6q2m8k4x5y7z9a0b1c2d" }),
    leadId: z.string(),
    type: activityTypeSchema,
    summary: z.string().meta({ description: "One readable line.", example: "Status changed from new to contacted" }),
    data: z.record(z.string(), z.unknown()).meta({ description: "Details, e.g. `{\"changes\": {\"status\": [\"new\", \"contacted\"]}}`, `{\"visitId\": \"…\"}`, `{\"smsId\": \"…\"}`." }),
    actor: z
      .object({ type: z.enum(ACTOR_TYPES), id: z.string().nullable(), name: z.string() })
      .meta({ id: "Actor", description: "Who made the change: an API key (by name), a user, or the system." }),
    createdAt: z.string(),
  })
  .meta({ id: "Activity" });

export const activityListQuery = z.strictObject({
  ...paginationQuery,
  sort: z.enum(["-createdAt", "createdAt"]).default("-createdAt").meta({ description: "Activities sort by `createdAt` only." }),
  leadId: z.string().min(1).max(100).optional(),
  type: activityTypeSchema.optional(),
  createdAfter: timestampQuery.optional(),
});
export type ActivityListQuery = z.output<typeof activityListQuery>;
