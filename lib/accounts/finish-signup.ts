import type { DbOrTx } from "@/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { createAccount } from "./create-account";
import { openSignupLink } from "./signup-link";
import { finishSignupSchema } from "./signup-schema";

export const INVALID_SIGNUP_LINK = "This link is not valid or has expired. Sign up again to get a new one.";

/**
 * The page a signup link opens: the owner chooses a password and the account is created, as the
 * signup form used to do at once. Only the inbox's owner gets here, so saying that the email has
 * a login already (the link used twice, or a login made since) reveals nothing new.
 */
export async function finishSignup(
  input: { token: string; password: string; confirmPassword: string; now?: Date },
  db?: DbOrTx,
): Promise<{ accountId: string; userId: string; email: string }> {
  const { token, password } = finishSignupSchema.parse(input);
  const signup = openSignupLink(token, input.now ?? new Date());
  if (!signup) throw new ApiError("validation_error", INVALID_SIGNUP_LINK);
  try {
    const created = await createAccount(
      {
        name: signup.agencyName,
        ownerName: signup.name,
        email: signup.email,
        password,
        plan: signup.plan,
        timezone: signup.timezone,
      },
      db,
    );
    return { ...created, email: signup.email };
  } catch (error) {
    if (error instanceof ApiError && error.code === "conflict") {
      throw new ApiError("conflict", "This email has a LeadProp login already: sign in instead.");
    }
    throw error;
  }
}
