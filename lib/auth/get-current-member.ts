import { cache } from "react";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import type { Member } from "@/lib/users/get-member";
import { getAuthOptions } from "./auth-options";
import { CHANGE_PASSWORD_PATH, SIGN_IN_PATH } from "./home-path";
import { memberForSession } from "./member-for-session";

// The server-side guard for pages and server actions. The proxy only checks that a session
// cookie is valid; this also checks the membership still exists and reads the current role,
// so a removed user is signed out and a demoted owner loses settings at once, and compares the
// session's version with the user's, so a password change or reset signs out every older session.
// cache(): the layout and the page of one request share one lookup.
export const getCurrentMember = cache(async (): Promise<Member | null> => {
  const session = await getServerSession(getAuthOptions());
  if (!session?.user?.id || !session.user.accountId) return null;
  return memberForSession(session.user);
});

// Every page and action of the app goes through here: a member still on the temporary password
// an owner gave them can do nothing but change it (the change form itself uses getCurrentMember).
export async function requireMember(): Promise<Member> {
  const member = await getCurrentMember();
  if (!member) redirect(SIGN_IN_PATH);
  if (member.mustChangePassword) redirect(CHANGE_PASSWORD_PATH);
  return member;
}
