"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { requestOrigin } from "@/lib/audit/request-origin";
import { requireMember } from "@/lib/auth/get-current-member";
import { SIGN_IN_PATH } from "@/lib/auth/home-path";
import { signOutEverywhere } from "@/lib/auth/sessions/sign-out-everywhere";
import { errorState, formValues } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";
import { setUserTimeZone } from "@/lib/users/user-time-zone";

// The signed-in person's own time zone: every member may set theirs, owner or staff.
export async function updateTimeZoneAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const member = await requireMember();
  const values = formValues(formData);
  try {
    await setUserTimeZone(member.userId, { timezone: values.timezone ?? "" });
  } catch (error) {
    return errorState(error, values);
  }
  // Every page shows times in this zone.
  revalidatePath("/", "layout");
  return { status: "success", message: "Time zone saved." };
}

// "Sign out everywhere": every session of this person ends, this browser's too, so it goes to the
// sign-in page. A cookie kept anywhere opens nothing from now on.
export async function signOutEverywhereAction(): Promise<void> {
  const member = await requireMember();
  await signOutEverywhere({
    accountId: member.accountId,
    userId: member.userId,
    origin: requestOrigin(await headers()),
  });
  redirect(SIGN_IN_PATH);
}
