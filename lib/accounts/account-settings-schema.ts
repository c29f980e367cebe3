import { PLANS } from "@/lib/domain/enums";
import { z } from "zod";
import { isKnownCountry, isKnownCurrency } from "./region-options";

// The settings form's fields; validated by the server action, again by the service.
export const accountSettingsSchema = z.object({
  name: z.string().trim().min(1, "Enter the agency's name.").max(100, "Use at most 100 characters."),
  defaultCountry: z.string().trim().toUpperCase().refine(isKnownCountry, "Choose a country from the list."),
  currency: z.string().trim().toUpperCase().refine(isKnownCurrency, "Choose a currency from the list."),
  plan: z.enum(PLANS, { error: "Choose a plan." }),
});

export type AccountSettings = z.infer<typeof accountSettingsSchema>;
