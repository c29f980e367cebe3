import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignOutButton } from "@/components/sign-out-button";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { homePathFor, SIGN_IN_PATH } from "@/lib/auth/home-path";
import { ChangePasswordForm } from "./change-password-form";

export const metadata: Metadata = { title: "Choose your password" };
export const dynamic = "force-dynamic";

// Where requireMember() sends a member still on the temporary password an owner gave them:
// nothing else in the app opens until they choose their own.
export default async function ForcedChangePasswordPage() {
  const member = await getCurrentMember();
  if (!member) redirect(SIGN_IN_PATH);
  if (!member.mustChangePassword) redirect("/profile/password");
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Choose your password</h1>
        <p className="text-sm text-slate-600">
          Welcome to {member.accountName}, {member.name}. You signed in with a temporary password; choose your own to
          continue.
        </p>
      </div>
      <ChangePasswordForm email={member.email} then={homePathFor(member.role)} currentLabel="Temporary password" />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <SignOutButton />
      </div>
    </div>
  );
}
