import { cache } from "react";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { getMember, type Member } from "@/lib/users/get-member";
import { getAuthOptions } from "./auth-options";
import { SIGN_IN_PATH } from "./home-path";

// The server-side guard for pages and server actions. The proxy only checks that a session
// cookie is valid; getServerSession also checks that its server-side session still stands (the
// jwt callback in auth-options.ts: signed out, ended everywhere, a password change, or past its
// limits), and this reads the membership and the current role, so a removed user is signed out
// and a demoted owner loses settings at once.
// cache(): the layout and the page of one request share one lookup.
export const getCurrentMember = cache(async (): Promise<Member | null> => {
  const session = await getServerSession(getAuthOptions());
  if (!session?.user?.id || !session.user.accountId) return null;
  return (await getMember(session.user.accountId, session.user.id)) ?? null;
});

// Every page and action of the app goes through here: anyone else is sent to sign in.
export async function requireMember(): Promise<Member> {
  const member = await getCurrentMember();
  if (!member) redirect(SIGN_IN_PATH);
  return member;
}
