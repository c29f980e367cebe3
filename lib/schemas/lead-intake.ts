import { z } from "zod";
import { nullableText } from "./common";
import { leadCreateSchema } from "./leads";

// POST /leads/intake: a portal's or web form's inquiry. The lead's own fields (as POST /leads
// takes them, less the pipeline's: status and smsOptOut are staff's to set), plus the message.

const INTAKE_MATCHES = ["externalId", "email", "phone"] as const;

export const leadIntakeSchema = leadCreateSchema
  .omit({ status: true, smsOptOut: true })
  .extend({
    message: nullableText(10_000)
      .optional()
      .meta({ description: "What the person wrote. Kept in the `inquiry` activity, not on the lead." }),
  })
  .meta({
    id: "LeadIntake",
    description:
      "The person, as the inquiry gives them, and what they asked. `propertyId` is the property the inquiry is about: it fills the lead's empty `propertyId` and is kept in the `inquiry` activity.",
    example: {
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "(415) 555-0123",
      source: "portal:zillow",
      tags: ["zillow"],
      message: "Is the two-bedroom on Harbor Blvd still available?",
    },
  });
export type LeadIntakeInput = z.output<typeof leadIntakeSchema>;

export const intakeMatchSchema = z.enum(INTAKE_MATCHES).nullable().meta({
  id: "IntakeMatch",
  description:
    "How the inquiry found its lead: by `externalId`, else by `email`, else by `phone` (E.164); `null` when it created the lead.",
});
