"use server";

import { revalidatePath } from "next/cache";
import { requireMember } from "@/lib/auth/get-current-member";
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
