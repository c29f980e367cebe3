"use server";

import { createAccount } from "@/lib/accounts/create-account";
import { signupSchema } from "@/lib/accounts/signup-schema";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

// Creates the account and its owner; the form then signs the owner in with the same password.
export async function signUpAction(formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["password"]);
  const parsed = signupSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return errorState(parsed.error, values);
  const { agencyName, name, email, password, plan, timezone } = parsed.data;
  try {
    await createAccount({ name: agencyName, ownerName: name, email, password, plan, timezone });
  } catch (error) {
    return errorState(error, values);
  }
  return { status: "success" };
}
