import type { LeadStatus } from "@/lib/domain/enums";
import type { PublicLead } from "@/lib/leads/public-lead";

/** What a card on the pipeline board shows: a few fields of the public lead, small enough to
 * send hundreds of them to the browser. */
export interface BoardCard {
  id: string;
  name: string;
  status: LeadStatus;
  phone: string | null;
  email: string | null;
  source: string | null;
  interest: PublicLead["interest"];
  budget: number | null;
  assignedTo: string | null;
  createdAt: string;
}

export const toBoardCard = (lead: PublicLead): BoardCard => ({
  id: lead.id,
  name: lead.name,
  status: lead.status,
  phone: lead.phone,
  email: lead.email,
  source: lead.source,
  interest: lead.interest,
  budget: lead.budget,
  assignedTo: lead.assignedTo,
  createdAt: lead.createdAt,
});
