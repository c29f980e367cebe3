"use server";

import { formAction } from "@/app/_forms/form-action";
import { SIGN_IN_PATH } from "@/lib/auth/home-path";
import { signOutEverywhere } from "@/lib/auth/sessions/sign-out-everywhere";
import { setUserTimeZone } from "@/lib/users/user-time-zone";

// The signed-in person's own time zone: every member may set theirs, owner or staff. Every page
// shows times in this zone, so all of them are refreshed.
export const updateTimeZoneAction = formAction({ revalidate: ["/"] }, async ({ member, values }) => {
  await setUserTimeZone(member.userId, { timezone: values.timezone ?? "" });
  return { status: "success", message: "Time zone saved." };
});

// "Sign out everywhere": every session of this person ends, this browser's too, so it goes to the
// sign-in page. A cookie kept anywhere opens nothing from now on.
export const signOutEverywhereAction = formAction(
  { plain: true, redirect: (state) => (state.status === "success" ? SIGN_IN_PATH : undefined) },
  async ({ member, origin }) => {
    await signOutEverywhere({ accountId: member.accountId, userId: member.userId, origin });
    return { status: "success" };
  },
);
