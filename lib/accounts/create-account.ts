import { getDb, type DbOrTx } from "@/db/client";
import { accounts, memberships, users, type Plan } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { hashPassword } from "@/lib/auth/password";
import { findUserByEmail } from "@/lib/users/find-user-by-email";
import { ApiError } from "@/lib/errors/api-error";

export interface CreateAccountInput {
  name: string;
  ownerName?: string;
  email: string;
  password: string;
  plan: Plan;
  country?: string;
  currency?: string;
}

// Creates an account with its owner (signup and `cli account create`).
export async function createAccount(
  input: CreateAccountInput,
  db?: DbOrTx,
): Promise<{ accountId: string; userId: string }> {
  const conn = db ?? (await getDb());
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(email, conn)) {
    throw new ApiError("conflict", "A user with this email already exists.", [
      { path: "email", message: "Already registered" },
    ]);
  }
  const passwordHash = await hashPassword(input.password);
  const accountId = newId("account");
  const userId = newId("user");
  await conn.transaction(async (tx) => {
    await tx.insert(accounts).values({
      id: accountId,
      name: input.name,
      plan: input.plan,
      defaultCountry: (input.country ?? "US").toUpperCase(),
      currency: (input.currency ?? "USD").toUpperCase(),
    });
    await tx.insert(users).values({ id: userId, email, name: input.ownerName ?? input.name, passwordHash });
    await tx.insert(memberships).values({ id: newId("membership"), accountId, userId, role: "owner" });
  });
  return { accountId, userId };
}
