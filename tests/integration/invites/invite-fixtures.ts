import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { mailOutbox } from "@/db/schema";
import type { RequestClient } from "@/lib/audit/request-client";
import { UNKNOWN_CLIENT } from "@/lib/audit/request-client";
import type { Role } from "@/lib/domain/enums";
import { acceptInvite } from "@/lib/invites/accept-invite";
import { createInvite } from "@/lib/invites/create-invite";

export const INVITE_BASE_URL = "http://app.test";

/** The token in the newest invite mail to `email`, from the local outbox. */
async function inviteTokenFor(email: string): Promise<string> {
  const db = await getDb();
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  const match = /\/invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "");
  if (!match) throw new Error(`no invite link mailed to ${email}`);
  return match[1];
}

/** A member the way the web app makes one: an owner's invite, accepted through its mailed link. */
export async function joinByInvite(input: {
  accountId: string;
  ownerUserId: string;
  email: string;
  name: string;
  password: string;
  role?: Role;
  origin?: RequestClient;
}): Promise<{ userId: string }> {
  const origin = input.origin ?? UNKNOWN_CLIENT;
  await createInvite({
    accountId: input.accountId,
    actorUserId: input.ownerUserId,
    origin,
    invite: { email: input.email, role: input.role ?? "staff" },
    baseUrl: INVITE_BASE_URL,
  });
  const token = await inviteTokenFor(input.email);
  return acceptInvite({
    form: { token, name: input.name, password: input.password, confirmPassword: input.password },
    origin,
  });
}
