import { z } from "zod";
import type { LeadWebFilters } from "@/lib/leads/list-leads";
import { leadStatusSchema, leadTagSchema } from "./leads";
import { smsCreateSchema } from "./sms";

// A bulk action on the leads list (lib/bulk-actions): what is done to every selected lead. Each
// kind changes the lead as its single-lead door does (the lead page's selects, tags, Send SMS).

/** The most leads one bulk action may select: more is refused before any work. */
export const BULK_LEAD_LIMIT = 10_000;

const message = smsCreateSchema.shape.message;

export const bulkLeadActionSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("assign"), assignedTo: z.string().min(1, { error: "Pick a member" }).max(100) }),
  z.strictObject({ kind: z.literal("status"), status: leadStatusSchema }),
  z.strictObject({ kind: z.literal("add_tag"), tag: leadTagSchema }),
  z.strictObject({ kind: z.literal("remove_tag"), tag: leadTagSchema }),
  z.strictObject({ kind: z.literal("sms"), message }),
]);
export type BulkLeadActionInput = z.output<typeof bulkLeadActionSchema>;

/** The list's filters as stored: its instants as ISO text (JSON has no dates). */
export type StoredLeadFilters = {
  [K in keyof LeadWebFilters]: LeadWebFilters[K] extends Date | undefined ? string : LeadWebFilters[K];
};

/** Which leads: the ids picked on the page, or every lead the list's filters matched when it was
 * asked (`asOf`: a lead created later is not one of them). */
export type BulkLeadSelection =
  { kind: "ids"; ids: string[] } | { kind: "filters"; filters: StoredLeadFilters; asOf: string };

// The bulk_lead_actions table's json columns (db/schema/domain-types.ts).
declare module "@/db/schema/domain-types" {
  interface DomainTypes {
    bulkLeadAction: BulkLeadActionInput;
    bulkLeadSelection: BulkLeadSelection;
  }
}
