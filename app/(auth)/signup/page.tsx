import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { homePathFor } from "@/lib/auth/home-path";
import { SIGNUP_LINK_TTL_MS } from "@/lib/accounts/signup-link";
import { servesLocalOutbox } from "@/lib/mail/get-mail-sender";
import { styles } from "@/components/ui/styles";
import { SignupForm } from "./signup-form";

export const metadata: Metadata = { title: "Create your agency account" };
export const dynamic = "force-dynamic";

export default async function SignupPage() {
  const member = await getCurrentMember();
  if (member) redirect(homePathFor(member.role));
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Create your agency account</h1>
        <p className="text-sm text-slate-600">You will be the account&apos;s owner and can add your team afterwards.</p>
      </div>
      <SignupForm linkHours={SIGNUP_LINK_TTL_MS / 3_600_000} localOutbox={servesLocalOutbox()} />
      <p className="text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/login" className={styles.link}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
