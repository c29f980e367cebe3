import type { Lead } from "@/db/schema";
import { MAX_LEAD_TAGS, type LeadUpdateInput } from "@/lib/schemas/leads";
import type { BulkLeadActionInput } from "@/lib/schemas/bulk-lead-actions";

// What an assign, status or tag action asks of one lead, as the update the lead page would send
// (lib/leads/update-lead.ts writes it); null when the lead is already so.

type FieldAction = Exclude<BulkLeadActionInput, { kind: "sms" }>;

export function leadChangeOf(action: FieldAction, lead: Lead): LeadUpdateInput | null {
  switch (action.kind) {
    case "assign":
      return lead.assignedTo === action.assignedTo ? null : { assignedTo: action.assignedTo };
    case "status":
      return lead.status === action.status ? null : { status: action.status };
    case "add_tag":
      // A lead already at the tag limit keeps its tags: the action says how many were left so.
      return lead.tags.includes(action.tag) || lead.tags.length >= MAX_LEAD_TAGS
        ? null
        : { tags: [...lead.tags, action.tag] };
    case "remove_tag":
      return lead.tags.includes(action.tag) ? { tags: lead.tags.filter((tag) => tag !== action.tag) } : null;
  }
}
