import { z } from "zod";
import { emailSchema, passwordSchema } from "@/lib/accounts/signup-schema";
import { ROLES } from "@/lib/domain/enums";

// Settings → Team's invite form: who, and as what.
export const inviteSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { error: "Choose a role." }),
});
export type InviteInput = z.infer<typeof inviteSchema>;

// The page the invite link opens: the invitee's own name and password, typed twice.
export const acceptInviteSchema = z
  .object({
    token: z.string().min(1, "This invite link is incomplete.").max(4096),
    name: z.string().trim().min(1, "Enter your name.").max(100, "Use at most 100 characters."),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords do not match.",
  });
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;
