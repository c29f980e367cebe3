import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { ActionButton } from "@/components/ui/action-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { styles } from "@/components/ui/styles";
import { requireMember } from "@/lib/auth/get-current-member";
import { readPagePosition } from "@/components/ui/cursor-pager";
import { orNotFound } from "@/app/(app)/_shared/or-not-found";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { getPublicWebhookEndpointOrThrow } from "@/lib/webhooks/get-webhook-endpoint-or-throw";
import { deleteEndpointAction, setEndpointEnabledAction } from "../actions";
import { DeliveryLog } from "./delivery-log";
import { DisabledNotice } from "./disabled-notice";
import { EndpointDetails } from "./endpoint-details";
import { SecretPanel } from "./secret-panel";
import { ReplayForm } from "./replay-form";
import { TestEventForm } from "./test-event-form";

export const metadata: Metadata = { title: "Webhook endpoint" };

// One endpoint: its settings, its secret, and its delivery log. Another account's id, a deleted
// endpoint or a made-up id: the 404 page (no loading boundary above, so a real 404 status).
export default async function WebhookEndpointPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<RawSearchParams>;
}) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const { id } = await params;
  const endpoint = await orNotFound(getPublicWebhookEndpointOrThrow(member.accountId, id));
  const query = singleParams(await searchParams);
  const logParams = { failed: query.failed === "1", cursor: readPagePosition({ cursor: query.cursor }).cursor };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhook endpoint"
        description={<span className="break-all font-mono text-xs">{endpoint.url}</span>}
        actions={
          <Link href="/settings/webhooks" className={styles.secondaryButton}>
            Back to webhooks
          </Link>
        }
      />
      {endpoint.enabled ? null : <DisabledNotice endpoint={endpoint} />}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Panel title="Details" id="details">
            <EndpointDetails endpoint={endpoint} timeZone={member.timeZone} />
          </Panel>
        </div>
        <Panel title="Actions" id="actions">
          <div className="space-y-4 p-5">
            <TestEventForm endpointId={endpoint.id} enabled={endpoint.enabled} />
            <ReplayForm endpointId={endpoint.id} enabled={endpoint.enabled} />
            {endpoint.enabled ? (
              <div className="space-y-1">
                <ActionButton
                  label="Disable endpoint"
                  pendingLabel="Disabling…"
                  action={setEndpointEnabledAction}
                  fields={{ endpointId: endpoint.id, enabled: "false" }}
                />
                <p className="text-xs text-slate-500">Stops deliveries until you enable it again.</p>
              </div>
            ) : null}
            <div className="border-t border-slate-100 pt-4">
              <ConfirmDialog
                triggerLabel="Delete endpoint"
                title="Delete this endpoint?"
                description={
                  <p>
                    Nothing more is sent to <span className="break-all font-mono text-xs">{endpoint.url}</span>, and its
                    delivery log is deleted with it. This cannot be undone.
                  </p>
                }
                confirmLabel="Delete endpoint"
                pendingLabel="Deleting…"
                action={deleteEndpointAction}
                fields={{ endpointId: endpoint.id }}
              />
            </div>
          </div>
        </Panel>
      </div>

      <Panel title="Signing secret" id="secret">
        <div className="space-y-3 p-5">
          <p className="text-sm text-slate-600">
            Verify each delivery&apos;s{" "}
            <code className="rounded bg-slate-100 px-1 font-mono text-xs">webhook-signature</code> header with it
            (Standard Webhooks libraries do this in one call). Keep it on your server.
          </p>
          <SecretPanel endpointId={endpoint.id} />
        </div>
      </Panel>

      <Panel title="Delivery log" id="deliveries">
        <DeliveryLog
          accountId={member.accountId}
          endpointId={endpoint.id}
          params={logParams}
          timeZone={member.timeZone}
        />
      </Panel>
    </div>
  );
}
