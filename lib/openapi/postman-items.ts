// The parts of a Postman collection (v2.1) the run order and its scripts work on, and how a
// request's path names its ids.

export interface PostmanKeyValue {
  key: string;
  value?: string;
  disabled?: boolean;
  [other: string]: unknown;
}

export interface PostmanRequest {
  method: string;
  url: { path?: string[]; query?: PostmanKeyValue[]; variable?: PostmanKeyValue[]; [other: string]: unknown };
  header?: PostmanKeyValue[];
  body?: { mode?: string; raw?: string; [other: string]: unknown };
  auth?: unknown;
  [other: string]: unknown;
}

export interface PostmanEvent {
  listen: "test" | "prerequest";
  script: { type: "text/javascript"; exec: string[] };
}

export interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: PostmanRequest;
  event?: PostmanEvent[];
  description?: string;
  [other: string]: unknown;
}

// `leads` → `leadId`, `webhook-endpoints` → `webhookEndpointId`.
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
export const idVariableOf = (collection: string) => `${camel(collection).replace(/ies$/, "y").replace(/s$/, "")}Id`;

/** A path variable's collection variable: `:id` after `leads` → `leadId`; `:smsId` → `smsId`. */
export const pathVariableName = (collection: string, param: string) =>
  param === "id" ? idVariableOf(collection) : param;

export const lastSegment = (request: PostmanRequest) => (request.url.path ?? []).at(-1) ?? "";
export const isItemPath = (request: PostmanRequest) => lastSegment(request).startsWith(":");
/** The cancel of a scheduled SMS: it stays in the SMS folder, right after the send. */
export const isSmsCancel = (request: PostmanRequest) =>
  request.method === "DELETE" && lastSegment(request) === ":smsId";
