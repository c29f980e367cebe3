import { PLANS } from "@/lib/domain/enums";
import { forbidden } from "next/navigation";
import type { Metadata } from "next";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { countryOptions, currencyOptions } from "@/lib/accounts/region-options";
import { timeZoneOptions } from "@/lib/accounts/time-zone-options";
import { requireMember } from "@/lib/auth/get-current-member";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { AccountSettingsForm } from "./account-settings-form";
import { PipelineSettingsForm } from "./pipeline-settings-form";

export const metadata: Metadata = { title: "Settings" };

export default async function AccountSettingsPage() {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const account = await getAccountOrThrow(member.accountId);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Account settings"
        description="Your agency's name, the defaults used for new leads and properties, your plan, and how leads move through the pipeline."
      />
      <section className={`${styles.card} max-w-3xl p-5 sm:p-6`}>
        <AccountSettingsForm
          account={{
            name: account.name,
            defaultCountry: account.defaultCountry,
            currency: account.currency,
            plan: account.plan,
            timezone: account.timezone,
            smsQuietHours: account.smsQuietHours,
            requireSmsConsent: account.requireSmsConsent,
          }}
          timeZones={timeZoneOptions()}
          countries={countryOptions()}
          currencies={currencyOptions()}
          plans={PLANS.map((plan) => ({ value: plan, label: PLAN_LABELS[plan] }))}
        />
      </section>
      <section className={`${styles.card} max-w-3xl p-5 sm:p-6`} aria-labelledby="pipeline-heading">
        <h2 id="pipeline-heading" className="text-base font-semibold text-slate-900">
          Pipeline
        </h2>
        <p className="mb-5 mt-1 text-sm text-slate-500">Let a lead&apos;s status follow the work done on it.</p>
        <PipelineSettingsForm
          settings={{
            autoMoveOnContact: account.autoMoveOnContact,
            autoMoveOnVisit: account.autoMoveOnVisit,
            offerStatusAfterVisit: account.offerStatusAfterVisit,
          }}
        />
      </section>
    </div>
  );
}
