"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { accountSettingsSchema } from "@/lib/accounts/account-settings-schema";
import { updateAccountSettings } from "@/lib/accounts/update-account-settings";
import { requestOrigin } from "@/lib/audit/request-origin";
import { requireMember } from "@/lib/auth/get-current-member";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";

// Save the account settings. The service refuses anyone but an owner of this account.
export async function updateAccountAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const member = await requireMember();
  const values = formValues(formData);
  const parsed = accountSettingsSchema.safeParse(values);
  if (!parsed.success) return errorState(parsed.error, values);
  try {
    await updateAccountSettings({
      accountId: member.accountId,
      actorUserId: member.userId,
      origin: requestOrigin(await headers()),
      settings: parsed.data,
    });
  } catch (error) {
    return errorState(error, values);
  }
  // The shell shows the account's name and plan on every page.
  revalidatePath("/", "layout");
  return { status: "success", message: "Settings saved." };
}
