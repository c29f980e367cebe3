import { z } from "zod";

// The lead page's "Add note" form. Notes are timeline entries, not the lead's `notes` field.
export const NOTE_MAX_LENGTH = 5000;

export const noteSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: "Write the note first." })
    .max(NOTE_MAX_LENGTH, { error: `At most ${NOTE_MAX_LENGTH.toLocaleString("en-US")} characters` }),
});
