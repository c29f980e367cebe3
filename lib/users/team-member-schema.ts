import { z } from "zod";
import { emailSchema, passwordSchema } from "@/lib/accounts/signup-schema";

// The team page's "Add staff" form.
export const teamMemberSchema = z.object({
  name: z.string().trim().min(1, "Enter their name.").max(100, "Use at most 100 characters."),
  email: emailSchema,
  password: passwordSchema,
});

export type TeamMemberInput = z.infer<typeof teamMemberSchema>;
