import type { oas31 } from "zod-openapi";
import { ID_KINDS } from "./path-params";
import {
  idVariableOf,
  isItemPath,
  isSmsCancel,
  pathVariableName,
  type PostmanItem,
  type PostmanRequest,
} from "./postman-items";
import { withScripts } from "./postman-scripts";

// What makes the collection run top to bottom as downloaded (import it, set `apiKey`, click
// Send on each request in order, or run it with the Collection Runner or newman):
// - each folder creates first, then reads, then updates (a lead's SMS after the lead);
// - every delete waits in a last folder, "Clean up", newest resource first, because later
//   folders need the earlier resources alive (a visit needs its lead and its property);
// - the Webhooks folder comes last: the collection should not send its example endpoint real
//   events; created last and deleted first, it exists while no change is made (its replay, of
//   the events since the moment it is sent, queues none);
// - a test script on every request checks its status, and a create stores the new id in a
//   collection variable (`leadId`…) that the later URLs and bodies use; so does the list of
//   users, which the API does not create (its first one: `userId`), before the tasks name one.

export const CLEAN_UP_FOLDER = "Clean up";

/** Operations the collection leaves out, by operationId, and why: it could not run them top to
 * bottom for a new account. The document, Scalar and the SDK still have them. */
export const LEFT_OUT_OF_COLLECTION: Readonly<Record<string, string>> = {
  resendWebhookDelivery:
    "needs an attempt in the endpoint's delivery log, and the collection's endpoint is deleted before any event is sent to it",
};
const LAST_FOLDER = "Webhooks";

/** The example webhook URL in bodies → `{{webhookUrl}}`, a variable the user can point at a
 * receiver of theirs. Its default must pass the endpoint URL check (https, a public address):
 * example.com is IANA's, resolves, and never receives anything from the collection. */
export const WEBHOOK_URL_VARIABLE = {
  key: "webhookUrl",
  value: "https://example.com/leadprop-webhook",
  type: "string",
  description:
    "The URL of the example webhook endpoint (https, public). The collection deletes the endpoint before any event is sent to it; point it at a receiver of yours to keep one.",
};

// Ids in example bodies (`"leadId": "lead_01jf…"`) → the variable holding the id created above.
const VARIABLE_BY_PREFIX = new Map(
  Object.entries(ID_KINDS).map(([collection, { prefix }]) => [prefix, idVariableOf(collection)]),
);
const EXAMPLE_ID = /^([a-z]+)_[0-9a-z]{20,}$/;

// A replay's `since` → the moment of sending (Postman's `$isoTimestamp`): the example's fixed date
// would fall out of the 30 days kept a month after it was written.
const NOW_KEYS = new Set(["since"]);

function withVariables(value: unknown, exampleWebhookUrl: string): unknown {
  if (typeof value === "string") {
    if (value === exampleWebhookUrl) return `{{${WEBHOOK_URL_VARIABLE.key}}}`;
    const variable = VARIABLE_BY_PREFIX.get(EXAMPLE_ID.exec(value)?.[1] ?? "");
    return variable ? `{{${variable}}}` : value;
  }
  if (Array.isArray(value)) return value.map((v) => withVariables(v, exampleWebhookUrl));
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        NOW_KEYS.has(k) ? "{{$isoTimestamp}}" : withVariables(v, exampleWebhookUrl),
      ]),
    );
  return value;
}

export function bodyWithVariables(request: PostmanRequest, exampleWebhookUrl: string): void {
  if (request.body?.mode !== "raw" || !request.body.raw) return;
  request.body.raw = JSON.stringify(withVariables(JSON.parse(request.body.raw), exampleWebhookUrl), null, 2);
}

/** `POST /api/v1/leads` → what the document says it answers (201), and so on. */
export function successStatuses(document: oas31.OpenAPIObject): Map<string, number> {
  const statuses = new Map<string, number>();
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const responses = item[method]?.responses;
      const success = Object.keys(responses ?? {}).find((status) => /^2\d\d$/.test(status));
      if (success) statuses.set(requestKey(method, template), Number(success));
    }
  }
  return statuses;
}

/** `get`, `/api/v1/leads/{id}` or `GET`, `api/v1/leads/:id` → `GET /api/v1/leads/:id`. */
const requestKey = (method: string, path: string) =>
  `${method.toUpperCase()} /${path.replace(/^\//, "").replace(/\{(\w+)\}/g, ":$1")}`;

/** Create, list, read, update: the order within a folder. Deletes go to Clean up. */
function rank(request: PostmanRequest): number {
  if (request.method === "POST") return 0;
  if (request.method === "GET") return isItemPath(request) ? 2 : 1;
  return 3;
}

/** The variable a create fills: `POST /leads` → `leadId`, `POST /leads/:id/sms` → `smsId`. */
function createdVariable(request: PostmanRequest, allPaths: string[][]): string | undefined {
  const path = request.url.path ?? [];
  const itemPath = allPaths.find((p) => p.length === path.length + 1 && path.every((s, i) => p[i] === s));
  const param = itemPath?.at(-1)?.slice(1);
  return param && pathVariableName(path.at(-1) ?? "", param);
}

/** The variable a list fills with its first item's id: only a list of what the API cannot create
 * (`GET /users` → `userId`: owners add users in the app), so its item's read and the bodies that
 * name one (a task's `assignedTo`) have a real id of the account. */
function listedVariable(request: PostmanRequest, allPaths: string[][], created: Set<string>): string | undefined {
  if (request.method !== "GET" || isItemPath(request)) return undefined;
  if (created.has((request.url.path ?? []).join("/"))) return undefined;
  return createdVariable(request, allPaths);
}

/** The folders in run order, with scripts, and the deletes moved to Clean up. */
export function inRunOrder(folders: PostmanItem[], statuses: Map<string, number>): PostmanItem[] {
  const requests = folders.flatMap((f) => (f.item ?? []).flatMap((i) => (i.request ? [i.request] : [])));
  const allPaths = requests.map((request) => request.url.path ?? []);
  const createdPaths = new Set(
    requests.filter((r) => r.method === "POST").map((request) => (request.url.path ?? []).join("/")),
  );
  const scripted = (item: PostmanItem) => {
    const request = item.request!;
    const key = requestKey(request.method, (request.url.path ?? []).join("/"));
    const status = statuses.get(key);
    if (!status) throw new Error(`No documented success status for ${key}`);
    const stored =
      request.method === "POST" ? createdVariable(request, allPaths) : listedVariable(request, allPaths, createdPaths);
    return withScripts(item, status, stored);
  };
  const ordered = [...folders].sort((a, b) => Number(a.name === LAST_FOLDER) - Number(b.name === LAST_FOLDER));
  const deletes: PostmanItem[] = [];
  const result = ordered.map((folder) => {
    const items = (folder.item ?? []).filter((item) => {
      if (item.request?.method !== "DELETE" || isSmsCancel(item.request)) return true;
      deletes.unshift(scripted(item)); // newest resource first
      return false;
    });
    return {
      ...folder,
      item: items.map(scripted).sort((a, b) => rank(a.request!) - rank(b.request!)),
    };
  });
  return [
    ...result,
    {
      name: CLEAN_UP_FOLDER,
      description:
        "Deletes what the folders above created, newest first. Run it last: a visit needs its lead and its property, and the SMS their lead.",
      item: deletes,
    },
  ];
}
