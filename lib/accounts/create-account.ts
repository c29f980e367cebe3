import { type Plan } from "@/lib/domain/enums";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts } from "@/db/schema";
import { newId } from "@/lib/ids/new-id";
import { addUserToAccount } from "@/lib/users/add-user-to-account";

export interface CreateAccountInput {
  name: string;
  ownerName?: string;
  email: string;
  password: string;
  plan: Plan;
  country?: string;
  currency?: string;
  /** IANA zone from the owner's browser at signup: the account's and the owner's. */
  timezone?: string;
}

// Creates an account with its owner (signup and `cli account create`).
export async function createAccount(
  input: CreateAccountInput,
  db?: DbOrTx,
): Promise<{ accountId: string; userId: string }> {
  const conn = db ?? (await getDb());
  const accountId = newId("account");
  // The owner is added like any member, in the same transaction: a taken email leaves no account.
  const { userId } = await conn.transaction(async (tx) => {
    await tx.insert(accounts).values({
      id: accountId,
      name: input.name,
      plan: input.plan,
      defaultCountry: (input.country ?? "US").toUpperCase(),
      currency: (input.currency ?? "USD").toUpperCase(),
      ...(input.timezone && { timezone: input.timezone }),
    });
    return addUserToAccount(
      {
        accountId,
        email: input.email,
        name: input.ownerName ?? input.name,
        password: input.password,
        role: "owner",
        timezone: input.timezone,
      },
      tx,
    );
  });
  return { accountId, userId };
}
