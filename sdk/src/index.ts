export {
  createLeadPropClient,
  type LeadPropClient,
  type LeadPropClientOptions,
  type PostOptions,
  type ChangeOptions,
} from "./client";
export { LeadPropError, type LeadPropErrorCode, type LeadPropErrorDetail } from "./errors";
export type { FetchLike, RetryInfo } from "./retrying-fetch";
export { verifyWebhook, WebhookVerificationError } from "./verify-webhook";
export type * from "./types";
export type { components, operations, paths, webhooks } from "./generated/openapi";
