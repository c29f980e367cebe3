import type { Lead } from "@/db/schema";

export type PublicLead = ReturnType<typeof toPublicLead>;

// The only way a lead leaves the service layer: accountId and deletedAt never do.
export function toPublicLead(lead: Lead) {
  return {
    id: lead.id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    status: lead.status,
    source: lead.source,
    interest: lead.interest,
    budget: lead.budget,
    propertyId: lead.propertyId,
    assignedTo: lead.assignedTo,
    tags: lead.tags,
    notes: lead.notes,
    smsOptOut: lead.smsOptOut,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
}
