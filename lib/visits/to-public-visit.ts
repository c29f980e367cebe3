import type { Visit } from "@/db/schema";

export type PublicVisit = ReturnType<typeof toPublicVisit>;

export function toPublicVisit(v: Visit) {
  return {
    id: v.id,
    leadId: v.leadId,
    propertyId: v.propertyId,
    scheduledAt: v.scheduledAt.toISOString(),
    durationMinutes: v.durationMinutes,
    status: v.status,
    agentId: v.agentId,
    notes: v.notes,
    createdAt: v.createdAt.toISOString(),
  };
}
