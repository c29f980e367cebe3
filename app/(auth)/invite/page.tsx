import type { Metadata } from "next";
import Link from "next/link";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { CLOSED_INVITE_WORDS, openInviteLink } from "@/lib/invites/open-invite-link";
import { AcceptInviteForm } from "./accept-invite-form";

// The token is in this page's URL: no Referer carries it to another site.
export const metadata: Metadata = { title: "Join your team", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

const ROLE_WORDS = { owner: "an owner", staff: "a team member" } as const;

// Opened from the invite mail. A GET accepts nothing (mail scanners open links too): choosing the
// name and password does. A used, revoked, expired or replaced link says which, never a 500.
export default async function InvitePage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token = "" } = await searchParams;
  const invite = await openInviteLink(token);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          {invite.accountName ? `Join ${invite.accountName}` : "Join your team"}
        </h1>
        {invite.status === "open" ? (
          <p className="text-sm text-slate-600">
            {invite.inviterName ? `${invite.inviterName} invited you` : "You are invited"} as {ROLE_WORDS[invite.role]}.
            You will sign in as <span className="font-medium text-slate-800">{invite.email}</span>.
          </p>
        ) : null}
      </div>
      {invite.status === "open" ? (
        <AcceptInviteForm token={token} email={invite.email} />
      ) : (
        <FormMessage tone="error">{CLOSED_INVITE_WORDS[invite.status]}</FormMessage>
      )}
      <p className="text-sm text-slate-600">
        Already have a login?{" "}
        <Link href="/login" className={styles.link}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
