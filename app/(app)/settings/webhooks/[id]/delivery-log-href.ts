import { hrefWith } from "@/components/ui/cursor-pager";

/** A link within an endpoint's delivery log; the first page and "all deliveries" stay out of the URL. */
export function deliveryLogHref(endpointId: string, params: { failed?: boolean; cursor?: string } = {}): string {
  return hrefWith(`/settings/webhooks/${endpointId}`, {
    failed: params.failed ? "1" : undefined,
    cursor: params.cursor,
  });
}
