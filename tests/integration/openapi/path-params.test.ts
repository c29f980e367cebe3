import { describe, expect, it } from "vitest";
import type { oas31 } from "zod-openapi";
import { getOpenApiDocument } from "@/app/api/v1/openapi-document";
import { OPERATIONS } from "@/app/api/v1/operation-list";
import { ID_KINDS, idPattern, pathParamCollections } from "@/lib/openapi/path-params";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "../api/setup-api-tests";

limitThroughRealRedis();

// Path ids are documented with the form real ids have (pattern and example), so generated tests
// send `lead_01jf…` instead of invented strings. The routes do not check that form: the document
// says what an id of another form gets, and this holds the API to it (callApi also checks each
// answer against the document).

const withParams = OPERATIONS.filter((op) => op.params);

describe("path parameters", () => {
  it("document each id's pattern and an example that matches it", () => {
    const doc = getOpenApiDocument();
    expect(withParams.length).toBeGreaterThan(0);
    for (const op of withParams) {
      const parameters = (doc.paths?.[op.path]?.[op.method]?.parameters ?? []) as oas31.ParameterObject[];
      const collections = pathParamCollections(op.path);
      const pathParams = parameters.filter((p) => p.in === "path");
      expect(pathParams.map((p) => p.name).sort(), op.operationId).toEqual(Object.keys(collections).sort());
      for (const param of pathParams) {
        const label = `${op.operationId} ${param.name}`;
        const { prefix } = ID_KINDS[collections[param.name]];
        const schema = param.schema as oas31.SchemaObject;
        expect(schema.pattern, label).toBe(idPattern(prefix));
        expect(param.example, label).toMatch(new RegExp(idPattern(prefix)));
        expect(String(param.example).length, label).toBeLessThanOrEqual(schema.maxLength ?? Infinity);
        expect(param.description, label).toContain("404 `not_found`");
        expect(param.description, label).toContain("400 `validation_error`");
      }
    }
  });

  it("answer as documented for an unknown id, an id of another form, and one over 100 characters", async () => {
    const { key } = await createTenant();
    const cases: Array<[string, (prefix: string) => string, number, string]> = [
      ["unknown, well-formed", (prefix) => `${prefix}_01jf3v6q2m8k4x5y7z9a0b1c9z`, 404, "not_found"],
      ["another form", () => "Not-An-Id", 404, "not_found"],
      ["another resource's", () => "evt_01jf3v6q2m8k4x5y7z9a0b1c9z", 404, "not_found"],
      ["over 100 characters", (prefix) => `${prefix}_${"a".repeat(100)}`, 400, "validation_error"],
    ];
    const seen: string[] = [];
    for (const op of withParams) {
      const collections = pathParamCollections(op.path);
      const body = op.body && Object.values(op.body.examples)[0]?.value;
      for (const [name, id, status, code] of cases) {
        const path = op.path.replace(/\{(\w+)\}/g, (_, param: string) => id(ID_KINDS[collections[param]].prefix));
        const res = await callApi(op.method.toUpperCase(), path, { key, body });
        const label = `${op.operationId} with ${name} id`;
        expect(res.status, label).toBe(status);
        expect((res.body as { error?: { code: string } }).error?.code, label).toBe(code);
        seen.push(label);
      }
    }
    expect(seen).toHaveLength(withParams.length * cases.length);
  });
});
