import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { homePathFor } from "@/lib/auth/home-path";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string; reset?: string }>;
}) {
  // Signed in already (with a membership that still exists): go to the app.
  const member = await getCurrentMember();
  if (member) redirect(homePathFor(member.role));
  const { callbackUrl, error, reset } = await searchParams;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="text-sm text-slate-600">Welcome back. Sign in to your agency&apos;s workspace.</p>
      </div>
      {reset === "done" ? (
        <FormMessage tone="success">Your password was changed. Sign in with your new password.</FormMessage>
      ) : null}
      <LoginForm callbackUrl={callbackUrl ?? null} initialError={error ?? null} />
      <p className="text-sm text-slate-600">
        <Link href="/forgot-password" className={styles.link}>
          Forgot password?
        </Link>
      </p>
      <p className="text-sm text-slate-600">
        New agency?{" "}
        <Link href="/signup" className={styles.link}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
