import { readdirSync } from "node:fs";
import path from "node:path";
import { validate } from "@scalar/openapi-parser";
import { describe, expect, it } from "vitest";
import type { oas31 } from "zod-openapi";
import { GET as getOpenApiJson } from "@/app/api/v1/openapi.json/route";
import { permissionName, PERMISSION_RESOURCES, type RequiredPermission } from "@/lib/keys/permissions";
import { PUBLIC_ERROR_CODES } from "@/lib/openapi/error-catalogue";
import { exampleLead } from "@/lib/openapi/examples";
import type { OperationSpec } from "@/lib/openapi/operation-spec";
import { getOpenApiDocument } from "@/app/api/v1/openapi-document";
import { OPERATIONS } from "@/app/api/v1/operation-list";
import { OPERATIONS as TEST_OPERATIONS, templateIds } from "../../helpers/operations";
import { assertResponseMatchesDocument, schemaProblems } from "./openapi-contract";

// The document itself: valid OpenAPI 3.1, one operation for every route method that needs a key
// and none more, complete descriptions, and examples that match their own schemas.

const doc = getOpenApiDocument();
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const pointer = (...parts: string[]) => `/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

const operations = Object.entries(doc.paths ?? {}).flatMap(([template, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ template, method, op: item[method] as oas31.OperationObject })),
);
const documented = operations.map(({ method, template }) => `${method.toUpperCase()} ${template}`).sort();

// Public routes that describe the API rather than being part of it.
const DOCUMENT_ROUTES = ["/api/v1/openapi.json", "/api/v1/postman.json"];
const API_DIR = path.resolve(__dirname, "../../../app/api/v1");

function routeFiles(dir: string, template = "/api/v1"): Array<{ file: string; template: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "route.ts" ? [{ file: path.join(dir, entry.name), template }] : [];
    if (entry.name.startsWith("[...")) return []; // the catch-all 404
    const segment = entry.name.replace(/^\[(\w+)\]$/, "{$1}");
    return routeFiles(path.join(dir, entry.name), `${template}/${segment}`);
  });
}

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response) & {
  operation?: OperationSpec;
};

const names = (required: RequiredPermission) =>
  Object.entries(required).map(([resource, level]) =>
    permissionName(resource as keyof typeof PERMISSION_RESOURCES, level),
  );

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("is served at GET /api/v1/openapi.json without a key", async () => {
    const res = getOpenApiJson();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it("has an operation for every route method that needs a key, and none more", async () => {
    const needKey: string[] = [];
    for (const { file, template } of routeFiles(API_DIR)) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const method of METHODS.map((m) => m.toUpperCase())) {
        const handler = mod[method] as Handler | undefined;
        if (!handler) continue;
        const url = `http://localhost${template.replace(/\{\w+\}/g, "x")}`;
        const res = await handler(new Request(url, { method }), {
          params: Promise.resolve({ id: "x", smsId: "x", deliveryId: "x" }),
        });
        const label = `${method} ${template} → ${res.status}`;
        if (res.status === 405) continue; // the JSON 405 of a method the route lacks
        // A path that is no endpoint (`/api/v1` itself) answers the catch-all's JSON 404.
        if (res.status === 404 && !doc.paths?.[template]) continue;
        if (DOCUMENT_ROUTES.includes(template) && method === "GET") {
          expect(res.status, label).toBe(200);
          continue;
        }
        expect(res.status, `${label}: a route method must need a key (401) or answer 405`).toBe(401);
        // The document is built from the very declaration the route runs with (its operations.ts).
        expect(OPERATIONS, `${label}: its operation is in app/api/v1/operation-list.ts`).toContain(handler.operation);
        expect(`${handler.operation?.method.toUpperCase()} ${handler.operation?.path}`, label).toBe(
          `${method} ${template}`,
        );
        needKey.push(`${method} ${template}`);
      }
    }
    expect(needKey.sort()).toEqual(documented);
    expect(documented).toHaveLength(40);
  });

  it("states each operation's permission in the description and x-required-permissions", () => {
    for (const spec of OPERATIONS) {
      const label = `${spec.method.toUpperCase()} ${spec.path}`;
      const op = doc.paths?.[spec.path]?.[spec.method] as oas31.OperationObject;
      expect(Object.keys(spec.permission), label).not.toHaveLength(0);
      expect(op["x-required-permissions"], label).toEqual(names(spec.permission));
      for (const name of names(spec.permission)) expect(op.description, label).toContain(`\`${name}\``);
      // A resource's level must be one the resource has (activities and events are read-only).
      for (const [resource, level] of Object.entries(spec.permission))
        expect(PERMISSION_RESOURCES[resource as keyof typeof PERMISSION_RESOURCES].levels, label).toContain(level);
    }
  });

  it("answers 401 api_key_expired and 403 insufficient_permissions everywhere, the 403 naming the operation's permission", () => {
    const unauthorized = doc.components?.responses?.Unauthorized as oas31.ResponseObject;
    expect(Object.keys(unauthorized.content?.["application/json"].examples ?? {})).toContain("api_key_expired");
    expect(unauthorized.description).toContain("`api_key_expired`");
    for (const { method, template, op } of operations) {
      const label = `${method} ${template}`;
      expect(op.responses?.["401"], label).toEqual({ $ref: "#/components/responses/Unauthorized" });
      const forbidden = op.responses?.["403"] as oas31.ResponseObject;
      const examples = forbidden.content?.["application/json"].examples ?? {};
      expect(Object.keys(examples).sort(), label).toEqual(["insufficient_permissions", "plan_required"]);
      const refusal = (examples.insufficient_permissions as oas31.ExampleObject).value as {
        error: { details: Array<{ permission: string }> };
      };
      expect(
        refusal.error.details.map((d) => d.permission),
        label,
      ).toEqual(op["x-required-permissions"]);
    }
  });

  it("explains keys in the guide: a row per resource, the presets, expiry and rolling", () => {
    const guide = doc.info.description ?? "";
    expect(guide).toContain("## Keys: permissions, expiry and rolling");
    for (const [resource, { label }] of Object.entries(PERMISSION_RESOURCES))
      expect(guide).toContain(`| ${label} (\`${resource}\`) |`);
    expect(guide).toContain(
      "| Leads (`leads`) | none, read, write | `GET /leads`, `GET /leads/{id}`, `POST /leads/route-preview` |",
    );
    for (const phrase of [
      "Full access",
      "Read only",
      "api_key_expired",
      "in 24 hours or in 7 days",
      "very next request",
    ])
      expect(guide).toContain(phrase);
  });

  it("covers exactly the operations the table-driven API tests exercise", () => {
    const exercised = TEST_OPERATIONS.map((op) => `${op.method} ${op.path(templateIds())}`).sort();
    expect(exercised).toEqual(documented);
  });

  it("describes every operation: summary, description, tag, unique id, examples, idempotency on POST", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, template, op } of operations) {
      const label = `${method} ${template}`;
      expect(op.summary, label).toBeTruthy();
      expect((op.description ?? "").length, label).toBeGreaterThan(40);
      expect(op.tags, label).toHaveLength(1);
      const params = (op.parameters ?? []) as oas31.ParameterObject[];
      if (method === "post") expect(params.find((p) => p.in === "header")?.name, label).toBe("Idempotency-Key");
      if (op.requestBody) {
        const media = (op.requestBody as oas31.RequestBodyObject).content["application/json"];
        expect(Object.keys(media.examples ?? {}).length, label).toBeGreaterThan(0);
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if ("$ref" in response) continue;
        const media = (response as oas31.ResponseObject).content?.["application/json"];
        expect(media?.example ?? media?.examples, `${label} ${status} has an example`).toBeTruthy();
        expect(
          (response as oas31.ResponseObject).headers?.["X-Request-Id"],
          `${label} ${status} X-Request-Id`,
        ).toBeTruthy();
      }
      if (params.some((p) => p.name === "cursor"))
        expect(
          params.map((p) => p.name),
          label,
        ).toEqual(expect.arrayContaining(["limit", "cursor", "sort"]));
    }
  });

  it("answers every public error code somewhere, with the status of its code", () => {
    const text = JSON.stringify(doc);
    for (const code of PUBLIC_ERROR_CODES) {
      // Outside any operation (see the guide): answered before routing.
      if (["method_not_allowed", "malformed_request", "headers_too_large"].includes(code)) continue;
      expect(text, code).toContain(`"code":"${code}"`);
    }
  });

  it("has examples that match their own schemas", () => {
    const problems: string[] = [];
    const check = (where: string, schemaPointer: string, value: unknown) =>
      problems.push(...schemaProblems(schemaPointer, value).map((p) => `${where}${p}`));
    for (const { method, template, op } of operations) {
      const at = (...rest: string[]) => pointer("paths", template, method, ...rest);
      const body = (op.requestBody as oas31.RequestBodyObject | undefined)?.content["application/json"];
      for (const [name, example] of Object.entries(body?.examples ?? {})) {
        check(
          `${method} ${template} body example ${name}`,
          at("requestBody", "content", "application/json", "schema"),
          (example as oas31.ExampleObject).value,
        );
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if ("$ref" in response) continue;
        const media = (response as oas31.ResponseObject).content?.["application/json"];
        const schemaAt = at("responses", status, "content", "application/json", "schema");
        if (media?.example !== undefined) check(`${method} ${template} ${status} example`, schemaAt, media.example);
        for (const [name, example] of Object.entries(media?.examples ?? {}))
          check(`${method} ${template} ${status} ${name}`, schemaAt, (example as oas31.ExampleObject).value);
      }
    }
    for (const [name, response] of Object.entries(doc.components?.responses ?? {})) {
      for (const [code, example] of Object.entries(
        (response as oas31.ResponseObject).content?.["application/json"]?.examples ?? {},
      )) {
        check(
          `${name} ${code}`,
          pointer("components", "responses", name, "content", "application/json", "schema"),
          (example as oas31.ExampleObject).value,
        );
      }
    }
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      const example = (schema as oas31.SchemaObject).example;
      if (example !== undefined) check(`schema ${name} example`, pointer("components", "schemas", name), example);
    }
    expect(problems).toEqual([]);
  });
});

describe("the contract check in callApi", () => {
  const json = (extra: Record<string, string> = {}) =>
    new Headers({ "content-type": "application/json", "x-request-id": "req_01abc", ...extra });
  const limited = { "ratelimit-limit": "100", "ratelimit-remaining": "99", "ratelimit-reset": "10" };
  // The document's own example lead (each field's example in the registry): a field added to the
  // schema needs no edit here.
  const lead = exampleLead;

  it("accepts a response the document describes", () => {
    expect(() =>
      assertResponseMatchesDocument("GET", "/api/v1/leads/lead_01abc", {
        status: 200,
        headers: json({ ...limited, etag: '"1"' }),
        body: { data: { ...lead, activities: [], activitiesHasMore: false } },
      }),
    ).not.toThrow();
  });

  it("rejects an undocumented field, an undocumented status, a missing header and a code of another status", () => {
    const leak = {
      status: 201,
      headers: json({ ...limited, location: "/api/v1/leads/lead_01abc" }),
      body: { data: { ...lead, accountId: "acc_1" } },
    };
    expect(() => assertResponseMatchesDocument("POST", "/api/v1/leads", leak)).toThrow(/additional properties/);
    expect(() =>
      assertResponseMatchesDocument("GET", "/api/v1/activities", { status: 422, headers: json(limited), body: {} }),
    ).toThrow(/status 422 is not documented/);
    expect(() =>
      assertResponseMatchesDocument("GET", "/api/v1/leads", {
        status: 200,
        headers: json(),
        body: { data: [], meta: { cursor: null, hasMore: false, limit: 20 } },
      }),
    ).toThrow(/ratelimit-limit/);
    const wrongCode = { error: { code: "lead_opted_out", message: "x", requestId: "req_01abc" } };
    expect(() =>
      assertResponseMatchesDocument("GET", "/api/v1/leads", { status: 400, headers: json(limited), body: wrongCode }),
    ).toThrow(/allowed values/);
  });

  it("holds an activity's data to the documented keys", () => {
    const activity = (data: unknown) => ({
      data: [
        {
          id: "act_01abc",
          leadId: "lead_01abc",
          type: "lead_updated",
          summary: "Updated notes",
          data,
          actor: { type: "api_key", id: "key_01abc", name: "Zapier" },
          createdAt: "2026-11-22T09:30:00.000Z",
        },
      ],
      meta: { cursor: null, hasMore: false, limit: 20 },
    });
    const check = (data: unknown) => () =>
      assertResponseMatchesDocument("GET", "/api/v1/activities", {
        status: 200,
        headers: json(limited),
        body: activity(data),
      });
    expect(check({ changes: { notes: [null, "Called back"], tags: [[], ["vip"]] } })).not.toThrow();
    expect(check({ changes: { notes: ["only the new value"] } })).toThrow();
    expect(check({ visitId: "visit_01abc", propertyId: null, scheduledAt: "2026-12-01T10:00:00.000Z" })).not.toThrow();
    expect(check({ smsID: "sms_01abc" })).toThrow(/additional properties/);
  });
});
