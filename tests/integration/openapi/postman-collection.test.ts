import { Collection, type Item } from "postman-collection";
import { describe, expect, it } from "vitest";
import { GET as getPostmanJson } from "@/app/api/v1/postman.json/route";
import { OPERATIONS } from "@/app/api/v1/operation-list";
import { CLEAN_UP_FOLDER, LEFT_OUT_OF_COLLECTION } from "@/lib/openapi/postman-run";
import { checkWebhookUrl } from "@/lib/webhooks/check-webhook-url";

// What the collection holds: every operation but those it says it leaves out.
const IN_COLLECTION = OPERATIONS.filter((op) => !(op.operationId in LEFT_OUT_OF_COLLECTION));

// The downloadable collection, imported with Postman's own SDK the way Postman would.

async function download(origin = "http://api.example.test") {
  const res = await getPostmanJson(new Request(`${origin}/api/v1/postman.json`));
  return { res, json: await res.json() };
}

describe("GET /api/v1/postman.json", () => {
  it("is a download, without a key", async () => {
    const { res, json } = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="leadprop-api.postman_collection.json"');
    expect(json.info.schema).toBe("https://schema.getpostman.com/json/collection/v2.1.0/collection.json");
  });

  it("imports into Postman with one request per operation, in a folder per resource, deletes in Clean up", async () => {
    const { json } = await download();
    const collection = new Collection(json);
    const requests: string[] = [];
    collection.forEachItem((item: Item) => {
      const folder = item.parent() as unknown as { name: string };
      requests.push(`${folder.name} ${item.request.method} /${item.request.url.path?.join("/")}`);
    });
    const expected = IN_COLLECTION.map(
      (op) =>
        // A scheduled SMS's cancel is no clean-up: it follows its send in the SMS folder.
        `${op.method === "delete" && op.operationId !== "cancelLeadSms" ? CLEAN_UP_FOLDER : op.tag} ${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ":$1")}`,
    );
    expect(requests.sort()).toEqual(expected.sort());
    expect(collection.items.map((folder) => folder.name)).toEqual([
      "Leads",
      "SMS",
      "Properties",
      "Visits",
      "Users",
      "Tasks",
      "Activities",
      "Events",
      "Custom fields",
      "Webhooks",
      CLEAN_UP_FOLDER,
    ]);
  });

  it("runs top to bottom: each id is created before it is used, and nothing is deleted before its last use", async () => {
    const { json } = await download();
    const order: Array<{ name: string; method: string; uses: string[]; creates?: string }> = [];
    new Collection(json).forEachItem((item: Item) => {
      const { request } = item;
      const text = `${request.url.variables
        .all()
        .map((v) => v.value)
        .join(" ")} ${request.body?.raw ?? ""}`;
      const script = item.events
        .all()
        .filter((e) => e.listen === "test")
        .flatMap((e) => e.script.exec ?? [])
        .join("\n");
      order.push({
        name: item.name,
        method: request.method,
        uses: [...text.matchAll(/\{\{(\w+Id)\}\}/g)].map((m) => m[1]),
        creates: /collectionVariables\.set\("(\w+)"/.exec(script)?.[1],
      });
    });
    const created = new Set<string>();
    const deleted = new Set<string>();
    for (const { name, method, uses, creates } of order) {
      for (const variable of uses) {
        expect(created.has(variable), `${name} uses {{${variable}}} before it is created`).toBe(true);
        expect(deleted.has(variable), `${name} uses {{${variable}}} after it is deleted`).toBe(false);
      }
      if (creates) created.add(creates);
      if (method === "DELETE") deleted.add(uses.at(-1)!);
    }
    expect([...created].sort()).toEqual([
      "leadId",
      "propertyId",
      "smsId",
      "taskId",
      "userId",
      "visitId",
      "webhookEndpointId",
    ]);
    // The example webhook endpoint exists while no other resource changes (see postman-run.ts).
    const names = order.map((o) => `${o.method} ${o.name}`);
    const endpointCreated = names.indexOf("POST Create a webhook endpoint");
    const endpointDeleted = names.indexOf("DELETE Delete a webhook endpoint");
    const changes = order
      .map((o, i) => ({ ...o, i }))
      .filter((o) => o.method !== "GET" && !o.name.includes("webhook endpoint"));
    for (const change of changes)
      expect(change.i < endpointCreated || change.i > endpointDeleted, change.name).toBe(true);
  });

  it("tests each request's documented status, stores created ids, and guards requests whose id is not stored yet", async () => {
    const { json } = await download();
    const statusOf = new Map(
      OPERATIONS.map((op) => [`${op.method.toUpperCase()} /${op.path.slice(1).replace(/\{(\w+)\}/g, ":$1")}`, op]),
    );
    new Collection(json).forEachItem((item: Item) => {
      const { request } = item;
      const op = statusOf.get(`${request.method} /${request.url.path?.join("/")}`)!;
      const script = (listen: string) =>
        item.events
          .all()
          .filter((e) => e.listen === listen)
          .flatMap((e) => e.script.exec ?? [])
          .join("\n");
      // Quiet hours: the SMS send and its cancel answer one of two statuses, by the hour of the run.
      if (/\/sms(\/\{smsId\})?$/.test(op.path) && request.method !== "GET")
        expect(script("test"), item.name).toMatch(
          /pm\.expect\(pm\.response\.code\)\.to\.be\.oneOf\(\[20\d,(202|409)\]\)/,
        );
      else expect(script("test"), item.name).toContain(`pm.response.to.have.status(${op.response.status});`);
      // Every POST creates and stores its id, but the actions that create nothing of their path's
      // (route-preview creates nothing at all).
      if (request.method === "POST" && !/\/(batch|intake|replay|route-preview)$/.test(op.path))
        expect(script("test"), item.name).toContain("pm.collectionVariables.set(");
      // The API creates no user: the list stores its first one for the reads and bodies after it.
      if (request.method === "GET" && op.path === "/api/v1/users")
        expect(script("test"), item.name).toContain('pm.collectionVariables.set("userId", first.id);');
      for (const variable of request.url.variables.all())
        expect(script("prerequest"), item.name).toContain(
          `pm.collectionVariables.get("${String(variable.value).slice(2, -2)}")`,
        );
    });
  });

  it("points the example webhook endpoint at the webhookUrl variable, whose default passes the URL check", async () => {
    const { json } = await download();
    const collection = new Collection(json);
    const bodies: string[] = [];
    collection.forEachItem((item: Item) => bodies.push(item.request.body?.raw ?? ""));
    expect(bodies.join("\n")).toContain('"url": "{{webhookUrl}}"');
    expect(bodies.join("\n")).not.toMatch(/"(lead|prop|visit|sms|whep|user)_[0-9a-z]+"/);
    const url = collection.variables.get("webhookUrl") as string;
    // Resolves to IANA's public addresses; checked here without DNS.
    const check = await checkWebhookUrl(url, { allowPrivateUrls: false, resolveHost: async () => ["93.184.215.14"] });
    expect(check.ok, JSON.stringify(check)).toBe(true);
  });

  it("carries each operation's required permissions over, in the description and as x-required-permissions", async () => {
    const { json } = await download();
    const expected = new Map(
      IN_COLLECTION.map((op) => [
        `${op.method.toUpperCase()} /${op.path.slice(1).replace(/\{(\w+)\}/g, ":$1")}`,
        Object.entries(op.permission).map(([resource, level]) => `${resource}:${level}`),
      ]),
    );
    const seen: string[] = [];
    for (const folder of json.item as Array<{ item: Array<Record<string, unknown>> }>) {
      for (const item of folder.item) {
        const request = item.request as { method: string; url: { path: string[] }; description: { content: string } };
        const label = `${request.method} /${request.url.path.join("/")}`;
        const permissions = expected.get(label);
        expect(item["x-required-permissions"], label).toEqual(permissions);
        for (const name of permissions ?? []) expect(request.description.content, label).toContain(`\`${name}\``);
        seen.push(label);
      }
    }
    expect(seen.sort()).toEqual([...expected.keys()].sort());
    // Postman's own SDK keeps the item importable with the extra property.
    expect(() => new Collection(json)).not.toThrow();
  });

  it("authenticates every request with the apiKey variable, against baseUrl = the server it came from", async () => {
    const { json } = await download("http://crm.example.test:8080");
    const collection = new Collection(json);
    expect(collection.auth?.type).toBe("bearer");
    expect(collection.auth?.parameters().get("token")).toBe("{{apiKey}}");
    expect(collection.variables.get("baseUrl")).toBe("http://crm.example.test:8080");
    const proxied = await getPostmanJson(
      new Request("http://localhost:3000/api/v1/postman.json", {
        headers: { host: "localhost:3000", "x-forwarded-host": "crm.example.com", "x-forwarded-proto": "https" },
      }),
    );
    expect(new Collection(await proxied.json()).variables.get("baseUrl")).toBe("https://crm.example.com");
    expect(collection.variables.has("apiKey")).toBe(true);
    collection.forEachItem((item: Item) => {
      expect(item.request.auth, item.name).toBeFalsy(); // inherits the collection's
      expect(item.request.url.host?.join(""), item.name).toBe("{{baseUrl}}");
    });
  });

  it("has example bodies, a fresh Idempotency-Key per POST, optional filters off and ids from variables", async () => {
    const { json } = await download();
    const collection = new Collection(json);
    collection.forEachItem((item: Item) => {
      const { request } = item;
      if (["POST", "PATCH"].includes(request.method)) {
        expect(request.body?.mode, item.name).toBe("raw");
        expect(Object.keys(JSON.parse(request.body?.raw ?? "")).length, item.name).toBeGreaterThan(0);
      }
      if (request.method === "POST") expect(request.headers.get("Idempotency-Key"), item.name).toBe("{{$guid}}");
      // If-Match is there to switch on, off by default: its example version would make a run's PATCH a 412.
      const ifMatch = request.headers.one("If-Match");
      if (ifMatch) expect(ifMatch.disabled, item.name).toBe(true);
      for (const param of request.url.query.all())
        expect(param.disabled ?? false, `${item.name} ${param.key}`).toBe(param.key !== "limit");
      for (const variable of request.url.variables.all())
        expect(variable.value, item.name).toMatch(/^\{\{(lead|property|visit|task|user|sms|webhookEndpoint)Id\}\}$/);
    });
  });
});
