// How the web UI names the API's enum values. The tone is the badge colour in tables.
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  visit_scheduled: "Visit scheduled",
  negotiating: "Negotiating",
  won: "Won",
  lost: "Lost",
};

export const LEAD_STATUS_TONES = {
  new: "sky",
  contacted: "indigo",
  qualified: "violet",
  visit_scheduled: "amber",
  negotiating: "orange",
  won: "emerald",
  lost: "slate",
} as const satisfies Record<LeadStatus, string>;

export const LEAD_INTEREST_LABELS: Record<(typeof LEAD_INTERESTS)[number], string> = {
  buy: "Buy",
  rent: "Rent",
  sell: "Sell",
  let: "Let",
};
import { type LEAD_INTERESTS, type LeadStatus } from "@/lib/domain/enums";
