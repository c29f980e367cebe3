import { PLANS } from "@/lib/domain/enums";
import { z } from "zod";
import { isKnownCountry, isKnownCurrency } from "./region-options";
import { isKnownTimeZone } from "./time-zone-options";

// A checkbox posts "on" when ticked and nothing when not; services pass booleans.
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

// The settings form's fields; validated by the server action, again by the service.
export const accountSettingsSchema = z.object({
  name: z.string().trim().min(1, "Enter the agency's name.").max(100, "Use at most 100 characters."),
  defaultCountry: z.string().trim().toUpperCase().refine(isKnownCountry, "Choose a country from the list."),
  currency: z.string().trim().toUpperCase().refine(isKnownCurrency, "Choose a currency from the list."),
  plan: z.enum(PLANS, { error: "Choose a plan." }),
  // The zone quiet hours use for a lead with none of its own (lib/sms/quiet-hours).
  timezone: z.string().trim().refine(isKnownTimeZone, "Choose a time zone from the list."),
  smsQuietHours: checkbox,
  requireSmsConsent: checkbox,
});

export type AccountSettings = z.infer<typeof accountSettingsSchema>;
