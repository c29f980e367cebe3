import createClient from "openapi-fetch";
import { toLeadPropError } from "./errors";
import type { operations, paths } from "./generated/openapi";
import { paginate } from "./paginate";
import { retryingFetch, type FetchLike, type RetryInfo } from "./retrying-fetch";
import type { ListQuery, Page } from "./types";
import type * as T from "./types";

export interface LeadPropClientOptions {
  /** Where the API lives, without `/api/v1` (e.g. `https://app.leadprop.example`). */
  baseUrl: string;
  apiKey: string;
  /** The transport (default: the global fetch). */
  fetch?: FetchLike;
  /** Retries on 429, 503 and network errors (default 2). 0 turns retrying off. */
  maxRetries?: number;
  /** A `Retry-After` longer than this is not waited out (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** Called before each retry's wait: for logs and metrics. */
  onRetry?: (info: RetryInfo) => void;
  /** Extra headers for every request (`Authorization` is always the SDK's, from `apiKey`). */
  headers?: Record<string, string>;
}

/** Options of one POST: your own key, to make a retry of yours (not only the SDK's) safe. */
export interface PostOptions {
  idempotencyKey?: string;
}

/** Options of a PATCH or DELETE of a lead, property or visit. */
export interface ChangeOptions {
  /** The `version` of the copy you changed: the change is made only if the record is still at it,
   * else a 412 `precondition_failed` and nothing changes (sent as `If-Match: "<version>"`). */
  ifMatch?: number;
}

type ApiResult = { error?: unknown; response: Response };

type Responses<Op extends keyof operations> = operations[Op]["responses"];
type OkStatus<Op extends keyof operations> = keyof Responses<Op> & (200 | 201);
/** The JSON body of an operation's 2xx answer, as the document declares it. */
type OkBody<Op extends keyof operations> = {
  [S in OkStatus<Op>]: Responses<Op>[S] extends { content: { "application/json": infer Body } } ? Body : never;
}[OkStatus<Op>];

/**
 * The body of a 2xx answer, typed from the operation itself (not from openapi-fetch's inferred
 * `data`, whose Readable<> turns the [old, new] pair of ActivityData.changes into an array), or a
 * LeadPropError for anything else.
 */
async function call<Op extends keyof operations>(request: Promise<ApiResult>): Promise<OkBody<Op>> {
  const result = await request;
  if (!result.response.ok) throw toLeadPropError(result.response, result.error);
  return (result as { data?: unknown }).data as OkBody<Op>;
}

/** A client for the LeadProp API: typed calls, `for await` lists, retries, typed errors. */
export function createLeadPropClient(options: LeadPropClientOptions) {
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch({
      fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
      onRetry: options.onRetry,
    }),
  });

  // A list operation: one page, or every item across pages.
  const lister = <Query extends { cursor?: string }, Item>(page: (query?: Query) => Promise<Page<Item>>) => ({
    page,
    /** `for await (const item of client.x.list({...filters}))`: every page, fetched as needed. */
    list: (query?: Query) => paginate<Item>((cursor) => page({ ...query, cursor } as Query), query?.cursor),
  });
  const id = (value: string) => ({ params: { path: { id: value } } });
  const post = (opts?: PostOptions) => (opts?.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : undefined);
  const change = (opts?: ChangeOptions) =>
    opts?.ifMatch === undefined ? undefined : { "If-Match": `"${opts.ifMatch}"` };
  // Never paged: every definition comes in the first page, which `list` iterates like the others.
  const customFieldPage = (query?: ListQuery<"listCustomFields">) =>
    call<"listCustomFields">(raw.GET("/api/v1/custom-fields", { params: { query } }));
  // A lead's conversation, both directions: one page, or every message across pages.
  const smsPage = (leadId: string, query?: ListQuery<"listLeadSms">) =>
    call<"listLeadSms">(raw.GET("/api/v1/leads/{id}/sms", { params: { path: { id: leadId }, query } }));

  return {
    /** The typed openapi-fetch client underneath (same retries), for anything not wrapped here. */
    raw,
    leads: {
      ...lister((query?: ListQuery<"listLeads">) => call<"listLeads">(raw.GET("/api/v1/leads", { params: { query } }))),
      create: async (body: T.LeadCreate, opts?: PostOptions) =>
        (await call<"createLead">(raw.POST("/api/v1/leads", { body, headers: post(opts) }))).data,
      /** An inquiry, matched by externalId, email or phone: `{data, matched}` (`matched: null` when
       * it created the lead). */
      intake: (body: T.LeadIntake, opts?: PostOptions) =>
        call<"intakeLead">(raw.POST("/api/v1/leads/intake", { body, headers: post(opts) })),
      /** Up to 100 creates or upserts: one `{status, data}` or `{status, error}` per item, in order. */
      batch: async (body: T.LeadBatch, opts?: PostOptions) =>
        (await call<"batchLeads">(raw.POST("/api/v1/leads/batch", { body, headers: post(opts) }))).data,
      get: async (leadId: string) => (await call<"getLead">(raw.GET("/api/v1/leads/{id}", id(leadId)))).data,
      update: async (leadId: string, body: T.LeadUpdate, opts?: ChangeOptions) =>
        (await call<"updateLead">(raw.PATCH("/api/v1/leads/{id}", { ...id(leadId), body, headers: change(opts) })))
          .data,
      delete: async (leadId: string, opts?: ChangeOptions) =>
        (await call<"deleteLead">(raw.DELETE("/api/v1/leads/{id}", { ...id(leadId), headers: change(opts) }))).data,
      sendSms: async (leadId: string, body: T.SmsCreate, opts?: PostOptions) =>
        (await call<"sendSmsToLead">(raw.POST("/api/v1/leads/{id}/sms", { ...id(leadId), body, headers: post(opts) })))
          .data,
      smsPage,
      /** `for await (const sms of client.leads.listSms(leadId))`: every message, newest first
       * (`{sort: "createdAt"}` reads the conversation in order). */
      listSms: (leadId: string, query?: ListQuery<"listLeadSms">) =>
        paginate((cursor) => smsPage(leadId, { ...query, cursor }), query?.cursor),
      getSms: async (leadId: string, smsId: string) =>
        (
          await call<"getLeadSms">(
            raw.GET("/api/v1/leads/{id}/sms/{smsId}", { params: { path: { id: leadId, smsId } } }),
          )
        ).data,
      /** Cancels a message still `scheduled` (quiet hours or `sendAt`); 409 `sms_not_scheduled` once sent. */
      cancelSms: async (leadId: string, smsId: string) =>
        (
          await call<"cancelLeadSms">(
            raw.DELETE("/api/v1/leads/{id}/sms/{smsId}", { params: { path: { id: leadId, smsId } } }),
          )
        ).data,
    },
    properties: {
      ...lister((query?: ListQuery<"listProperties">) =>
        call<"listProperties">(raw.GET("/api/v1/properties", { params: { query } })),
      ),
      create: async (body: T.PropertyCreate, opts?: PostOptions) =>
        (await call<"createProperty">(raw.POST("/api/v1/properties", { body, headers: post(opts) }))).data,
      /** Up to 100 creates or upserts: one `{status, data}` or `{status, error}` per item, in order. */
      batch: async (body: T.PropertyBatch, opts?: PostOptions) =>
        (await call<"batchProperties">(raw.POST("/api/v1/properties/batch", { body, headers: post(opts) }))).data,
      get: async (propertyId: string) =>
        (await call<"getProperty">(raw.GET("/api/v1/properties/{id}", id(propertyId)))).data,
      update: async (propertyId: string, body: T.PropertyUpdate, opts?: ChangeOptions) =>
        (
          await call<"updateProperty">(
            raw.PATCH("/api/v1/properties/{id}", { ...id(propertyId), body, headers: change(opts) }),
          )
        ).data,
      delete: async (propertyId: string, opts?: ChangeOptions) =>
        (
          await call<"deleteProperty">(
            raw.DELETE("/api/v1/properties/{id}", { ...id(propertyId), headers: change(opts) }),
          )
        ).data,
    },
    visits: {
      ...lister((query?: ListQuery<"listVisits">) =>
        call<"listVisits">(raw.GET("/api/v1/visits", { params: { query } })),
      ),
      create: async (body: T.VisitCreate, opts?: PostOptions) =>
        (await call<"createVisit">(raw.POST("/api/v1/visits", { body, headers: post(opts) }))).data,
      get: async (visitId: string) => (await call<"getVisit">(raw.GET("/api/v1/visits/{id}", id(visitId)))).data,
      update: async (visitId: string, body: T.VisitUpdate, opts?: ChangeOptions) =>
        (await call<"updateVisit">(raw.PATCH("/api/v1/visits/{id}", { ...id(visitId), body, headers: change(opts) })))
          .data,
    },
    activities: lister((query?: ListQuery<"listActivities">) =>
      call<"listActivities">(raw.GET("/api/v1/activities", { params: { query } })),
    ),
    events: lister((query?: ListQuery<"listEvents">) =>
      call<"listEvents">(raw.GET("/api/v1/events", { params: { query } })),
    ),
    customFields: {
      page: customFieldPage,
      /** `for await (const field of client.customFields.list({ resource: "lead" }))`, in form order. */
      list: (query?: ListQuery<"listCustomFields">) => paginate(() => customFieldPage(query)),
    },
    users: {
      ...lister((query?: ListQuery<"listUsers">) => call<"listUsers">(raw.GET("/api/v1/users", { params: { query } }))),
      get: async (userId: string) => (await call<"getUser">(raw.GET("/api/v1/users/{id}", id(userId)))).data,
    },
    webhookEndpoints: {
      ...lister((query?: ListQuery<"listWebhookEndpoints">) =>
        call<"listWebhookEndpoints">(raw.GET("/api/v1/webhook-endpoints", { params: { query } })),
      ),
      create: async (body: T.WebhookEndpointCreate, opts?: PostOptions) =>
        (await call<"createWebhookEndpoint">(raw.POST("/api/v1/webhook-endpoints", { body, headers: post(opts) })))
          .data,
      get: async (endpointId: string) =>
        (await call<"getWebhookEndpoint">(raw.GET("/api/v1/webhook-endpoints/{id}", id(endpointId)))).data,
      update: async (endpointId: string, body: T.WebhookEndpointUpdate) =>
        (await call<"updateWebhookEndpoint">(raw.PATCH("/api/v1/webhook-endpoints/{id}", { ...id(endpointId), body })))
          .data,
      delete: async (endpointId: string) =>
        (await call<"deleteWebhookEndpoint">(raw.DELETE("/api/v1/webhook-endpoints/{id}", id(endpointId)))).data,
    },
  };
}

export type LeadPropClient = ReturnType<typeof createLeadPropClient>;
