import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { homePathFor } from "@/lib/auth/home-path";
import { styles } from "@/components/ui/styles";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; error?: string }>;
}) {
  // Signed in already (with a membership that still exists): go to the app.
  const member = await getCurrentMember();
  if (member) redirect(homePathFor(member.role));
  const { callbackUrl, error } = await searchParams;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
        <p className="text-sm text-slate-600">Welcome back. Sign in to your agency&apos;s workspace.</p>
      </div>
      <LoginForm callbackUrl={callbackUrl ?? null} initialError={error ?? null} />
      <p className="text-sm text-slate-600">
        New agency?{" "}
        <Link href="/signup" className={styles.link}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
