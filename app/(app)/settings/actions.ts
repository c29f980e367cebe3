"use server";

import { formAction } from "@/app/_forms/form-action";
import { accountSettingsSchema } from "@/lib/accounts/account-settings-schema";
import { updateAccountSettings } from "@/lib/accounts/update-account-settings";

// Save the account settings. The service refuses anyone but an owner of this account. The shell
// shows the account's name and plan on every page, so all of them are refreshed.
export const updateAccountAction = formAction(
  { schema: accountSettingsSchema, revalidate: ["/"] },
  async ({ member, input, origin }) => {
    await updateAccountSettings({ accountId: member.accountId, actorUserId: member.userId, origin, settings: input });
    return { status: "success", message: "Settings saved." };
  },
);
