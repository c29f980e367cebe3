import type { Activity } from "@/db/schema";

export type PublicActivity = ReturnType<typeof toPublicActivity>;

export function toPublicActivity(activity: Activity) {
  return {
    id: activity.id,
    leadId: activity.leadId,
    type: activity.type,
    summary: activity.summary,
    data: activity.data,
    actor: { type: activity.actorType, id: activity.actorId, name: activity.actorName },
    createdAt: activity.createdAt.toISOString(),
  };
}
