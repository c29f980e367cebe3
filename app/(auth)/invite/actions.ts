"use server";

import { publicFormAction } from "@/app/_forms/form-action";
import { acceptInvite } from "@/lib/invites/accept-invite";
import { acceptInviteSchema } from "@/lib/invites/invite-schema";

// The page an invite link opens: the invitee's name and password make them a member; the form
// then signs them in with the password just chosen. The passwords and the token are never echoed.
export const acceptInviteAction = publicFormAction(
  { schema: acceptInviteSchema, omit: ["token", "password", "confirmPassword"] },
  async ({ input, origin }) => {
    const { email } = await acceptInvite({ form: input, origin });
    return { status: "success", values: { email } };
  },
);
