import { Collection, type Item } from "postman-collection";
import { describe, expect, it } from "vitest";
import { GET as getPostmanJson } from "@/app/api/v1/postman.json/route";
import { OPERATIONS } from "@/lib/openapi/operations";

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

  it("imports into Postman with one request per operation, in a folder per resource", async () => {
    const { json } = await download();
    const collection = new Collection(json);
    const requests: string[] = [];
    collection.forEachItem((item: Item) => {
      const folder = item.parent() as unknown as { name: string };
      requests.push(`${folder.name} ${item.request.method} /${item.request.url.path?.join("/")}`);
    });
    const expected = OPERATIONS.map(
      (op) => `${op.tag} ${op.method.toUpperCase()} ${op.path.replace(/\{(\w+)\}/g, ":$1")}`,
    );
    expect(requests.sort()).toEqual(expected.sort());
    expect(collection.items.map((folder) => folder.name).sort()).toEqual([
      "Activities",
      "Events",
      "Leads",
      "Properties",
      "SMS",
      "Visits",
      "Webhooks",
    ]);
  });

  it("carries each operation's required permissions over, in the description and as x-required-permissions", async () => {
    const { json } = await download();
    const expected = new Map(
      OPERATIONS.map((op) => [
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
      for (const param of request.url.query.all())
        expect(param.disabled ?? false, `${item.name} ${param.key}`).toBe(param.key !== "limit");
      for (const variable of request.url.variables.all())
        expect(variable.value, item.name).toMatch(/^\{\{(lead|property|visit|sms|webhookEndpoint)Id\}\}$/);
    });
  });
});
