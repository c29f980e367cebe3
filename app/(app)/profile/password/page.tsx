import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { requireMember } from "@/lib/auth/get-current-member";
import { ChangePasswordForm } from "./change-password-form";

export const metadata: Metadata = { title: "Change password" };

// Every member's own password, owners and staff alike (Settings is for owners only).
export default async function ProfilePasswordPage() {
  const member = await requireMember();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Change password"
        description={`For ${member.email}. Changing it signs you out on every other device.`}
      />
      <section className={`${styles.card} max-w-md p-5 sm:p-6`}>
        <ChangePasswordForm email={member.email} />
      </section>
    </div>
  );
}
