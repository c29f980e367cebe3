import { PLANS } from "@/lib/domain/enums";
import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";
import { isKnownTimeZone } from "./time-zone-options";

// A password rule shared by signup, the password forms and accepted team invites.
export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("Enter a valid email address."))
  .pipe(z.string().max(254));

// The signup form. No password yet: it is chosen on the page the emailed link opens, once the
// address is proven (lib/accounts/request-signup.ts).
export const signupSchema = z.object({
  agencyName: z.string().trim().min(1, "Enter your agency's name.").max(100, "Use at most 100 characters."),
  name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
  email: emailSchema,
  plan: z.enum(PLANS, { error: "Choose a plan." }),
  // The browser's zone (Intl), sent by the form: the account's and the owner's first time zone.
  // One the server does not know is dropped (the defaults apply), never a reason to refuse.
  timezone: z
    .string()
    .optional()
    .transform((zone) => (zone && isKnownTimeZone(zone) ? zone : undefined)),
});

export type SignupRequest = z.infer<typeof signupSchema>;

// The page the signup link opens: the link's token and the owner's password, typed twice.
export const finishSignupSchema = z
  .object({
    token: z.string().min(1, "This signup link is incomplete.").max(4096),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });
