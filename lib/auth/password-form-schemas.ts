import { z } from "zod";
import { emailSchema, passwordSchema } from "@/lib/accounts/signup-schema";

// The password forms: forgot, reset and change. A new password follows signup's rule.

const MISMATCH = "The two passwords do not match.";

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete."),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, { path: ["confirmPassword"], message: MISMATCH });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ["confirmPassword"], message: MISMATCH });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
