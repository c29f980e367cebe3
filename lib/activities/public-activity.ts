import type { z } from "zod";
import { activities } from "@/db/schema";
import { definePublicShape } from "@/lib/query/public-shape";
import { activitySchema } from "@/lib/schemas/activities";

export type PublicActivity = z.output<typeof activitySchema>;

// `actor` gathers the three actor columns; every other field is its column.
const publicActivity = definePublicShape(activitySchema, activities, {
  actor: { type: "actorType", id: "actorId", name: "actorName" },
});

export const toPublicActivity = publicActivity.fromRow;
/** The activity's public JSON, written by PostgreSQL (GET /leads/:id). `data` is jsonb, which
 * PostgreSQL writes with a space after ":" and ","; parsed, the two are equal. */
export const publicActivityJsonOf = publicActivity.jsonOf;
