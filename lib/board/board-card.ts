import type { PublicLead } from "@/lib/leads/public-lead";
import type { LeadFieldName } from "@/lib/schemas/lead-fields";

/** The fields of the public lead a card on the pipeline board shows, by their names in the lead
 * field registry (lib/schemas/lead-fields.ts): few, so hundreds of cards can go to the browser. */
const BOARD_CARD_FIELDS = [
  "id",
  "name",
  "status",
  "phone",
  "email",
  "source",
  "interest",
  "budget",
  "assignedTo",
  "createdAt",
] as const satisfies readonly LeadFieldName[];

/** What a card on the pipeline board shows: its fields as the public lead has them. */
export type BoardCard = Pick<PublicLead, (typeof BOARD_CARD_FIELDS)[number]>;

export const toBoardCard = (lead: PublicLead): BoardCard =>
  Object.fromEntries(BOARD_CARD_FIELDS.map((field) => [field, lead[field]])) as BoardCard;
