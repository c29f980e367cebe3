"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { requestOrigin } from "@/lib/audit/request-origin";
import { apiKeyNameSchema } from "@/lib/keys/api-key-name-schema";
import { createApiKeyAsOwner } from "@/lib/keys/create-api-key-as-owner";
import { revokeApiKeyAsOwner } from "@/lib/keys/revoke-api-key-as-owner";
import { requireMember } from "@/lib/auth/get-current-member";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

export type CreateKeyState = FormState & { createdKey?: { key: string; prefix: string; name: string } };

// Create a key. The plaintext goes back to this one response and is never stored or logged;
// the service refuses anyone but an owner on the Agency plan.
export async function createApiKeyAction(_previous: CreateKeyState, formData: FormData): Promise<CreateKeyState> {
  const member = await requireMember();
  const values = formValues(formData);
  const parsed = apiKeyNameSchema.safeParse(values);
  if (!parsed.success) return errorState(parsed.error, values);
  try {
    const created = await createApiKeyAsOwner({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin: requestOrigin(await headers()),
      name: parsed.data.name,
      permissions: null,
      expiresAt: null,
    });
    revalidatePath("/settings/api");
    return { status: "success", createdKey: { key: created.key, prefix: created.prefix, name: created.name } };
  } catch (error) {
    return errorState(error, values);
  }
}

// Revoke a key: the API checks revocation on every request, so it stops working at once.
export async function revokeApiKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const member = await requireMember();
  try {
    await revokeApiKeyAsOwner({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin: requestOrigin(await headers()),
      keyId: String(formData.get("keyId") ?? ""),
    });
  } catch (error) {
    return errorState(error);
  }
  revalidatePath("/settings/api");
  return { status: "success" };
}
