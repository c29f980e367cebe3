// How the web UI names the API's property enums; tones are badge colours.
export const PROPERTY_TYPE_LABELS: Record<(typeof PROPERTY_TYPES)[number], string> = {
  house: "House",
  apartment: "Apartment",
  land: "Land",
  commercial: "Commercial",
  other: "Other",
};

export const LISTING_TYPE_LABELS: Record<(typeof LISTING_TYPES)[number], string> = {
  sale: "For sale",
  rent: "For rent",
};

export const PROPERTY_STATUS_LABELS: Record<(typeof PROPERTY_STATUSES)[number], string> = {
  available: "Available",
  reserved: "Reserved",
  sold: "Sold",
  rented: "Rented",
  off_market: "Off market",
};

export const PROPERTY_STATUS_TONES = {
  available: "emerald",
  reserved: "amber",
  sold: "slate",
  rented: "slate",
  off_market: "red",
} as const satisfies Record<(typeof PROPERTY_STATUSES)[number], string>;
import { type LISTING_TYPES, type PROPERTY_STATUSES, type PROPERTY_TYPES } from "@/lib/domain/enums";
