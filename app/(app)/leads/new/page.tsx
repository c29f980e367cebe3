import type { Metadata } from "next";
import Link from "next/link";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { requireMember } from "@/lib/auth/get-current-member";
import { leadFormOptions, leadFormValues } from "@/components/leads/lead-form-options";
import { LeadForm } from "@/components/leads/lead-form";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { createLeadAction } from "../actions";

export const metadata: Metadata = { title: "New lead" };

export default async function NewLeadPage() {
  const member = await requireMember();
  const [account, options] = await Promise.all([
    getAccountOrThrow(member.accountId),
    leadFormOptions(member.accountId, {}, { creating: true }),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="New lead"
        description="Someone who called, walked in or wrote to you. Leads from your website arrive through the Public API by themselves."
        actions={
          <Link href="/leads" className={styles.secondaryButton}>
            Cancel
          </Link>
        }
      />
      <section className={`${styles.card} max-w-3xl p-5 sm:p-6`}>
        <LeadForm
          action={createLeadAction}
          initial={{ ...leadFormValues(), assignedTo: member.userId }}
          options={options}
          submitLabel="Create lead"
          pendingLabel="Creating…"
          currency={account.currency}
        />
      </section>
    </div>
  );
}
