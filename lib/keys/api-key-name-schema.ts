import { z } from "zod";

// The "Create API key" form: a name that says where the key is used.
export const apiKeyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the key a name, e.g. the integration that will use it.")
    .max(60, "Use at most 60 characters."),
});
