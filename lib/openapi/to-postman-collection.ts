import { convertV2 } from "openapi-to-postmanv2";
import type { oas31 } from "zod-openapi";
import { exampleWebhookEndpoint } from "./examples";
import { pathVariableName, type PostmanItem, type PostmanKeyValue, type PostmanRequest } from "./postman-items";
import {
  bodyWithVariables,
  inRunOrder,
  LEFT_OUT_OF_COLLECTION,
  successStatuses,
  WEBHOOK_URL_VARIABLE,
} from "./postman-run";

// The Postman collection (v2.1) is converted from the OpenAPI document by Postman's own
// converter, then made usable as downloaded: bearer auth from the `apiKey` variable at
// collection level, `baseUrl` set to this server, optional filters off, a fresh
// Idempotency-Key per send, ids from variables, and each request's required permissions
// (already in its description) as `x-required-permissions` on its item, for scripts. Then put
// in an order that runs top to bottom, with a test script on each request (./postman-run.ts).

export const POSTMAN_FILENAME = "leadprop-api.postman_collection.json";

export interface PostmanCollection {
  info: { name: string; schema: string; [other: string]: unknown };
  item: PostmanItem[];
  auth?: unknown;
  variable?: PostmanKeyValue[];
  [other: string]: unknown;
}

/** Without the error responses: as saved examples in Postman they are noise, and they make the
 * conversion several times slower. The API guide in the description lists the errors. Without
 * the operations the collection leaves out, either. */
function forCollection(document: oas31.OpenAPIObject): oas31.OpenAPIObject {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths ?? {})) {
    for (const method of METHODS) {
      if (item[method]?.operationId && item[method].operationId in LEFT_OUT_OF_COLLECTION) delete item[method];
      const responses = item[method]?.responses ?? {};
      for (const status of Object.keys(responses)) if (Number(status) >= 400) delete responses[status];
    }
  }
  return copy;
}

function convert(document: oas31.OpenAPIObject): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convertV2(
      { type: "json", data: document },
      {
        folderStrategy: "Tags",
        parametersResolution: "Example",
        includeAuthInfoInExample: false,
        alwaysInheritAuthentication: true,
      },
      (error, result) => {
        if (error) return reject(error);
        if (!result?.result || !result.output?.[0])
          return reject(new Error(`OpenAPI → Postman conversion failed: ${result?.reason ?? "no output"}`));
        resolve(result.output[0].data as PostmanCollection);
      },
    );
  });
}

// `/api/v1/leads/:id` → `leadId`, `/api/v1/properties/:id` → `propertyId`,
// `/api/v1/webhook-endpoints/:id` → `webhookEndpointId`; a parameter already named for its
// resource keeps its name (`/leads/:id/sms/:smsId` → `leadId`, `smsId`).
function tidyRequest(request: PostmanRequest, idVariables: Set<string>) {
  for (const param of request.url.query ?? []) param.disabled = param.key !== "limit";
  const path = request.url.path ?? [];
  for (const variable of request.url.variable ?? []) {
    const resource = path[path.indexOf(`:${variable.key}`) - 1] ?? "resource";
    const name = pathVariableName(resource, variable.key);
    idVariables.add(name);
    variable.value = `{{${name}}}`;
  }
  for (const header of request.header ?? []) {
    if (header.key === "Idempotency-Key") header.value = "{{$guid}}";
    // Its example names a version the record the run made is not at: on, every PATCH would be a 412.
    if (header.key === "If-Match") header.disabled = true;
  }
  bodyWithVariables(request, exampleWebhookEndpoint.url);
  delete request.auth; // inherit the collection's
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const REQUIRED_PERMISSIONS = "x-required-permissions";

/** `POST /api/v1/leads/:id/sms` → the operation's `x-required-permissions`. */
function permissionsByRequest(document: oas31.OpenAPIObject): Map<string, unknown> {
  const byRequest = new Map<string, unknown>();
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const permissions = item[method]?.[REQUIRED_PERMISSIONS];
      if (permissions) byRequest.set(`${method.toUpperCase()} ${template.replace(/\{(\w+)\}/g, ":$1")}`, permissions);
    }
  }
  return byRequest;
}

function tidyItems(items: PostmanItem[], idVariables: Set<string>, permissions: Map<string, unknown>) {
  for (const item of items) {
    if (item.request) {
      const required = permissions.get(`${item.request.method} /${(item.request.url.path ?? []).join("/")}`);
      if (required) item[REQUIRED_PERMISSIONS] = required;
      tidyRequest(item.request, idVariables);
    }
    if (item.item) tidyItems(item.item, idVariables, permissions);
  }
}

export async function toPostmanCollection(document: oas31.OpenAPIObject): Promise<PostmanCollection> {
  const collection = await convert(forCollection(document));
  const idVariables = new Set<string>();
  tidyItems(collection.item, idVariables, permissionsByRequest(document));
  collection.item = inRunOrder(collection.item, successStatuses(document));
  collection.auth = { type: "bearer", bearer: [{ key: "token", value: "{{apiKey}}", type: "string" }] };
  collection.variable = [
    { key: "baseUrl", value: "", type: "string" },
    { key: "apiKey", value: "", type: "string", description: "Your API key (lpm_…), from Settings → Public API." },
    ...[...idVariables].map((key) => ({
      key,
      value: "",
      type: "string",
      description: "Set by the request that creates it (its test script).",
    })),
    WEBHOOK_URL_VARIABLE,
  ];
  return collection;
}

/** The collection for one server: `baseUrl` is where it was downloaded from. */
export function forServer(collection: PostmanCollection, baseUrl: string): PostmanCollection {
  return {
    ...collection,
    variable: (collection.variable ?? []).map((v) => (v.key === "baseUrl" ? { ...v, value: baseUrl } : v)),
  };
}
