import type { Metadata } from "next";
import Link from "next/link";
import { styles } from "@/components/ui/styles";
import { RESET_TOKEN_TTL_MINUTES } from "@/lib/auth/reset-token";
import { servesLocalOutbox } from "@/lib/mail/get-mail-sender";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Forgot your password?" };
export const dynamic = "force-dynamic";

export default function ForgotPasswordPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Forgot your password?</h1>
        <p className="text-sm text-slate-600">Enter the email you sign in with and we will send you a reset link.</p>
      </div>
      <ForgotPasswordForm resetMinutes={RESET_TOKEN_TTL_MINUTES} localOutbox={servesLocalOutbox()} />
      <p className="text-sm text-slate-600">
        Remembered it?{" "}
        <Link href="/login" className={styles.link}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
