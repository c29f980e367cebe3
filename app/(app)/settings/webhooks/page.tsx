import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import Link from "next/link";
import { FlashNotice } from "@/components/ui/flash-notice";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { API_PLAN } from "@/lib/accounts/api-plan";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { requireMember } from "@/lib/auth/get-current-member";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { loopbackReceiversAllowed } from "@/lib/webhooks/check-webhook-url";
import { MAX_ENDPOINTS_PER_ACCOUNT } from "@/lib/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-webhook-endpoints";
import { retrySpanText } from "@/lib/webhooks/retry-schedule-text";
import { CreateEndpointPanel } from "./create-endpoint-panel";
import { EndpointsTable } from "./endpoints-table";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksSettingsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  // An account has at most MAX_ENDPOINTS_PER_ACCOUNT endpoints: one page holds them all.
  const endpoints = await listWebhookEndpoints(member.accountId, {
    limit: MAX_ENDPOINTS_PER_ACCOUNT,
    sort: "-createdAt",
  });
  const { notice } = singleParams(await searchParams);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description={`LeadProp POSTs each change to your endpoints as it happens, signed with the endpoint's secret (Standard Webhooks). Failed deliveries are retried for ${retrySpanText()}.`}
      />
      {notice === "deleted" ? <FlashNotice>Endpoint deleted.</FlashNotice> : null}

      {member.plan === API_PLAN ? (
        <section aria-labelledby="add-endpoint-title" className={`${styles.card} space-y-3 p-5 sm:p-6`}>
          <h2 id="add-endpoint-title" className="text-base font-semibold text-slate-900">
            New endpoint
          </h2>
          <p className="text-sm text-slate-600">
            Answer a delivery with any 2xx status within 10 seconds; anything else is retried later. Verify the{" "}
            <code className="rounded bg-slate-100 px-1 font-mono text-xs">webhook-signature</code> header before you
            trust a delivery.
          </p>
          <CreateEndpointPanel acceptsLoopback={loopbackReceiversAllowed()} />
        </section>
      ) : (
        <section role="note" className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-5">
          <h2 className="font-semibold text-indigo-950">Webhooks are available on the {PLAN_LABELS[API_PLAN]} plan</h2>
          <p className="text-sm text-indigo-900">
            Your account is on the {PLAN_LABELS[member.plan]} plan: nothing is sent to its endpoints. Change to the{" "}
            {PLAN_LABELS[API_PLAN]} plan in{" "}
            <Link href="/settings" className={styles.link}>
              account settings
            </Link>{" "}
            to add endpoints.
          </p>
        </section>
      )}

      <section aria-labelledby="endpoints-title" className={`${styles.card} overflow-hidden`}>
        <h2 id="endpoints-title" className="border-b border-slate-100 px-4 py-3 text-base font-semibold text-slate-900">
          Endpoints
        </h2>
        <EndpointsTable endpoints={endpoints.data} timeZone={member.timeZone} />
      </section>
    </div>
  );
}
