import { expect } from "vitest";
import { callApi } from "./api";
import type { DataBody } from "./api-bodies";

/** What the webhook tests read of an endpoint created through the API. */
export interface SubscribedEndpoint {
  id: string;
  secret: string;
  enabled: boolean;
  disabledReason: string | null;
}

/** Subscribes `url` to `events` (every event unless given) with the tenant's key, through
 * POST /api/v1/webhook-endpoints, and expects its 201. */
export async function subscribeEndpoint(
  tenant: { key: string },
  url: string,
  { events = ["*"], enabled }: { events?: string[]; enabled?: boolean } = {},
): Promise<SubscribedEndpoint> {
  const res = await callApi<DataBody<SubscribedEndpoint>>("POST", "/api/v1/webhook-endpoints", {
    key: tenant.key,
    body: { url, events, ...(enabled !== undefined && { enabled }) },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}
