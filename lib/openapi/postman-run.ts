import type { oas31 } from "zod-openapi";
import { ID_KINDS, idPattern } from "./path-params";

// What makes the collection run top to bottom as downloaded (import it, set `apiKey`, click
// Send on each request in order, or run it with the Collection Runner or newman):
// - each folder creates first, then reads, then updates (a lead's SMS after the lead);
// - every delete waits in a last folder, "Clean up", newest resource first, because later
//   folders need the earlier resources alive (a visit needs its lead and its property);
// - the Webhooks folder comes last: while an enabled endpoint exists, every change has a
//   delivery to queue, and the collection should not send its example endpoint real events;
//   created last and deleted first, it exists while no change is made;
// - a test script on every request checks its status, and a create stores the new id in a
//   collection variable (`leadId`…) that the later URLs and bodies use.

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

interface PostmanEvent {
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

export const CLEAN_UP_FOLDER = "Clean up";
const LAST_FOLDER = "Webhooks";

// `leads` → `leadId`, `webhook-endpoints` → `webhookEndpointId`.
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const idVariableOf = (collection: string) => `${camel(collection).replace(/ies$/, "y").replace(/s$/, "")}Id`;

/** A path variable's collection variable: `:id` after `leads` → `leadId`; `:smsId` → `smsId`. */
export const pathVariableName = (collection: string, param: string) =>
  param === "id" ? idVariableOf(collection) : param;

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

function withVariables(value: unknown, exampleWebhookUrl: string): unknown {
  if (typeof value === "string") {
    if (value === exampleWebhookUrl) return `{{${WEBHOOK_URL_VARIABLE.key}}}`;
    const variable = VARIABLE_BY_PREFIX.get(EXAMPLE_ID.exec(value)?.[1] ?? "");
    return variable ? `{{${variable}}}` : value;
  }
  if (Array.isArray(value)) return value.map((v) => withVariables(v, exampleWebhookUrl));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withVariables(v, exampleWebhookUrl)]));
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

const lastSegment = (request: PostmanRequest) => (request.url.path ?? []).at(-1) ?? "";
const isItemPath = (request: PostmanRequest) => lastSegment(request).startsWith(":");
// Quiet hours: whether the run's text goes out now (201) or is held until 08:00 the lead's time
// (202) depends on the hour it is run at; its cancel then answers 200 (held) or 409
// sms_not_scheduled (already sent). The cancel stays in the SMS folder, right after the send.
const isSmsCancel = (request: PostmanRequest) => request.method === "DELETE" && lastSegment(request) === ":smsId";
const HOUR_DEPENDENT: Record<string, number[]> = { "POST sms": [201, 202], "DELETE :smsId": [200, 409] };

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

const js = (value: unknown) => JSON.stringify(value);

function testScript(request: PostmanRequest, status: number, created: string | undefined): string[] {
  const either = HOUR_DEPENDENT[`${request.method} ${lastSegment(request)}`];
  const lines = either
    ? [
        `pm.test(${js(`Status code is ${either.join(" or ")} (quiet hours)`)}, function () {`,
        `  pm.expect(pm.response.code).to.be.oneOf(${js(either)});`,
        `});`,
      ]
    : [`pm.test(${js(`Status code is ${status}`)}, function () {`, `  pm.response.to.have.status(${status});`, `});`];
  if (isSmsCancel(request)) {
    lines.push(
      `pm.test("Cancels the held message, or says it already went out", function () {`,
      `  const body = pm.response.json();`,
      `  if (pm.response.code === 200) pm.expect(body.data.status).to.eql("cancelled");`,
      `  else pm.expect(body.error.code).to.eql("sms_not_scheduled");`,
      `});`,
    );
    return lines;
  }
  const collection = (request.url.path ?? []).at(-1) ?? "";
  if (created) {
    const prefix = ID_KINDS[collection]?.prefix;
    lines.push(
      `pm.test(${js(`Stores the new id as ${created}`)}, function () {`,
      `  const id = pm.response.json().data.id;`,
      ...(prefix ? [`  pm.expect(id).to.match(new RegExp(${js(idPattern(prefix))}));`] : []),
      `  pm.collectionVariables.set(${js(created)}, id);`,
      `});`,
    );
  } else if (request.method === "POST") {
    lines.push(...actionTests(lastSegment(request)));
  } else if (isItemPath(request)) {
    const param = lastSegment(request).slice(1);
    const variable = pathVariableName((request.url.path ?? []).at(-2) ?? "", param);
    lines.push(
      `pm.test(${js(`Answers the one in ${variable}`)}, function () {`,
      `  const data = pm.response.json().data;`,
      `  pm.expect(data.id).to.eql(pm.collectionVariables.get(${js(variable)}));`,
      ...(request.method === "DELETE" ? [`  pm.expect(data.deleted).to.eql(true);`] : []),
      `});`,
    );
  } else {
    lines.push(
      `pm.test("Answers a page", function () {`,
      `  pm.expect(pm.response.json().data).to.be.an("array");`,
      `});`,
    );
  }
  return lines;
}

/** A POST that stores no new id: a batch answers one result per item, intake the lead it found
 * or made. */
function actionTests(action: string): string[] {
  if (action === "batch")
    return [
      `pm.test("Answers one result per item, in order", function () {`,
      `  const results = pm.response.json().data;`,
      `  pm.expect(results).to.be.an("array");`,
      `  pm.expect(results.length).to.eql(JSON.parse(pm.request.body.raw).items.length);`,
      `});`,
    ];
  return [
    `pm.test("Answers the lead and how it was matched", function () {`,
    `  const body = pm.response.json();`,
    `  pm.expect(body.data.id).to.match(new RegExp(${js(idPattern("lead"))}));`,
    `  pm.expect(body).to.have.property("matched");`,
    `});`,
  ];
}

// Clicked out of order, a request whose id is not stored yet would go to `/leads/` (a 404):
// say which request to send first instead.
function preRequestScript(request: PostmanRequest): string[] {
  const used = [...(request.url.variable ?? []).map((v) => v.value ?? ""), request.body?.raw ?? ""].join(" ");
  const needed = new Set([...used.matchAll(/\{\{(\w+Id)\}\}/g)].map((m) => m[1]));
  return [...needed].map(
    (variable) =>
      `if (!pm.collectionVariables.get(${js(variable)})) throw new Error(${js(`{{${variable}}} is empty: send the request that creates it first (the collection runs top to bottom).`)});`,
  );
}

function withScripts(item: PostmanItem, status: number, created: string | undefined): PostmanItem {
  const request = item.request!;
  const pre = preRequestScript(request);
  const event: PostmanEvent[] = [
    ...(pre.length ? [{ listen: "prerequest" as const, script: { type: "text/javascript" as const, exec: pre } }] : []),
    { listen: "test", script: { type: "text/javascript", exec: testScript(request, status, created) } },
  ];
  return { ...item, event };
}

/** The folders in run order, with scripts, and the deletes moved to Clean up. */
export function inRunOrder(folders: PostmanItem[], statuses: Map<string, number>): PostmanItem[] {
  const allPaths = folders.flatMap((f) => (f.item ?? []).map((i) => i.request?.url.path ?? []));
  const scripted = (item: PostmanItem) => {
    const request = item.request!;
    const key = requestKey(request.method, (request.url.path ?? []).join("/"));
    const status = statuses.get(key);
    if (!status) throw new Error(`No documented success status for ${key}`);
    return withScripts(item, status, request.method === "POST" ? createdVariable(request, allPaths) : undefined);
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
