import { DateTime } from "luxon";
import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import { Suspense } from "react";
import { listApiKeys } from "@/lib/keys/list-api-keys";
import { API_PLAN } from "@/lib/accounts/api-plan";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { requireMember } from "@/lib/auth/get-current-member";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { UsageSkeleton } from "@/components/usage/usage-skeleton";
import { USAGE_ANCHOR } from "@/components/usage/usage-href";
import { ApiKeysTable } from "./api-keys-table";
import { CreateApiKeyPanel } from "./create-api-key-panel";
import { ExpiringKeysBanner } from "./expiring-keys-banner";
import { NEW_KEY_ACCESS, RESOURCE_CHOICES } from "./permission-choices";
import { UsageSection } from "./usage-section";
import { readUsageParams } from "./usage-params";
import { selectUsageKey } from "./select-usage-key";

export const metadata: Metadata = { title: "Public API" };

export default async function PublicApiSettingsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const onApiPlan = member.plan === API_PLAN;
  const keys = await listApiKeys(member.accountId);
  const usageParams = readUsageParams(await searchParams);
  const usageKey = selectUsageKey(keys, usageParams.keyId);
  if (usageParams.keyId && !usageKey) notFound();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Public API"
        description="Sync leads, properties and visits with your website, portals and other tools. Each integration authenticates with its own API key."
        actions={
          <>
            <Link href="/docs" className={styles.secondaryButton}>
              API reference
            </Link>
            <a
              href="/api/v1/postman.json"
              download="leadprop-api.postman_collection.json"
              className={styles.secondaryButton}
            >
              Download Postman collection
            </a>
          </>
        }
      />

      <ExpiringKeysBanner keys={keys} timeZone={member.timeZone} />

      {onApiPlan ? (
        <section aria-labelledby="create-key-title" className={`${styles.card} space-y-3 p-5 sm:p-6`}>
          <h2 id="create-key-title" className="text-base font-semibold text-slate-900">
            New key
          </h2>
          <p className="text-sm text-slate-600">
            Send it as{" "}
            <code className="rounded bg-slate-100 px-1 font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>. Give
            each integration only the permissions it needs, and keep keys on servers, never in a web page or an app.
          </p>
          <CreateApiKeyPanel
            choices={RESOURCE_CHOICES}
            defaults={NEW_KEY_ACCESS}
            timeZone={member.timeZone}
            // The date picker's lower bound, tomorrow in the owner's zone: the server checks anyway.
            firstExpiryDay={DateTime.now().setZone(member.timeZone).plus({ days: 1 }).toFormat("yyyy-MM-dd")}
          />
        </section>
      ) : (
        <section role="note" className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-5">
          <h2 className="font-semibold text-indigo-950">
            The Public API is available on the {PLAN_LABELS[API_PLAN]} plan
          </h2>
          <p className="text-sm text-indigo-900">
            Your account is on the {PLAN_LABELS[member.plan]} plan. Change to the {PLAN_LABELS[API_PLAN]} plan in{" "}
            <Link href="/settings" className={styles.link}>
              account settings
            </Link>{" "}
            to create API keys.
          </p>
        </section>
      )}

      {onApiPlan || keys.length > 0 ? (
        <section aria-labelledby="keys-title" className={`${styles.card} overflow-hidden`}>
          <h2 id="keys-title" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
            API keys
          </h2>
          <ApiKeysTable keys={keys} timeZone={member.timeZone} />
        </section>
      ) : null}

      {usageKey ? (
        <section id={USAGE_ANCHOR} aria-labelledby="usage-title" className={`${styles.card} scroll-mt-4`}>
          <div className="border-b border-slate-100 px-4 py-3">
            <h2 id="usage-title" className="text-base font-semibold text-slate-900">
              Usage
            </h2>
            <p className="text-sm text-slate-600">
              Requests over the last 30 days, per key or for all keys together. Only the method, path, status, duration
              and request id are kept: never bodies or keys.
            </p>
          </div>
          <Suspense fallback={<UsageSkeleton />}>
            <UsageSection
              accountId={member.accountId}
              keys={keys}
              usageKey={usageKey}
              params={usageParams}
              timeZone={member.timeZone}
            />
          </Suspense>
        </section>
      ) : null}
    </div>
  );
}
