import { describe, expect, it } from "vitest";
import { GET as getOpenApiJson } from "@/app/api/v1/openapi.json/route";
import { GET as getPostmanJson } from "@/app/api/v1/postman.json/route";
import * as leadsRoute from "@/app/api/v1/leads/route";
import * as leadSmsRoute from "@/app/api/v1/leads/[id]/sms/route";
import { refusalOutsideContract } from "@/lib/api/outside-contract-guard";
import { getOpenApiDocument } from "@/app/api/v1/openapi-document";
import * as sdk from "@/sdk/src";
import { dispatch } from "../../helpers/route-table";

// The guide's Conventions say what the API does with browsers, paths and methods: each claim is
// checked here against the code that does it.

const guide = getOpenApiDocument().info.description ?? "";
const noParams = { params: Promise.resolve({}) };

describe("the guide's conventions", () => {
  it("CORS: none on the API, `*` on the OpenAPI document only", async () => {
    expect(guide).toContain("**Browsers (CORS).**");
    expect(guide).toContain("`Access-Control-Allow-Origin: *`");
    expect(getOpenApiJson().headers.get("access-control-allow-origin")).toBe("*");
    const postman = await getPostmanJson(new Request("http://localhost/api/v1/postman.json"));
    expect(postman.headers.get("access-control-allow-origin")).toBeNull();
    const answers = [
      await dispatch(new Request("http://localhost/api/v1/leads")), // 401, before any key lookup
      await dispatch(new Request("http://localhost/api/v1/leads", { method: "OPTIONS" })),
      await dispatch(new Request("http://localhost/api/v1/leads", { method: "PUT" })),
      await dispatch(new Request("http://localhost/api/v1/nothing-here")),
    ];
    for (const res of answers) {
      expect(
        [...res.headers.keys()].filter((name) => name.startsWith("access-control-")),
        String(res.status),
      ).toEqual([]);
    }
  });

  it("OPTIONS: 204 with Allow listing the route's methods; another method: 405 with that Allow", async () => {
    expect(guide).toContain("answers 204 with `Allow`\n  listing the methods it serves");
    const options = (leadsRoute as unknown as Record<string, (r: Request, c: typeof noParams) => Response>).OPTIONS(
      new Request("http://localhost/api/v1/leads", { method: "OPTIONS" }),
      noParams,
    );
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    const put = await dispatch(new Request("http://localhost/api/v1/leads", { method: "PUT" }));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect(((await put.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
    const smsOptions = (
      leadSmsRoute as unknown as Record<string, (r: Request, c: typeof noParams) => Response>
    ).OPTIONS(new Request("http://localhost/api/v1/leads/x/sms", { method: "OPTIONS" }), noParams);
    expect(smsOptions.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("a method outside the served set is a 405; a trailing slash or an empty segment a 404, not a redirect", () => {
    expect(guide).toContain("never a redirect");
    for (const method of ["TRACE", "CONNECT", "PROPFIND"]) {
      const refusal = refusalOutsideContract(method, "/api/v1/leads");
      expect([refusal?.status, refusal?.code], method).toEqual([405, "method_not_allowed"]);
    }
    expect(guide).toContain("percent-encoding is not valid UTF-8 (`/api/v1/leads/%ff`) answers 404");
    for (const path of ["/api/v1/leads/", "/api/v1/leads//sms", "/api/v1/leads/lead_01abc/", "/api/v1/leads/%ff"]) {
      const refusal = refusalOutsideContract("GET", path);
      expect([refusal?.status, refusal?.code], path).toEqual([404, "not_found"]);
    }
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      expect(refusalOutsideContract(method, "/api/v1/leads"), method).toBeNull();
  });

  it("idempotency: the fingerprint is the parsed body, and a replay is the first answer's bytes", () => {
    expect(guide).toContain("key order, spacing and escapes in your JSON do not matter");
    expect(guide).toContain("the order of list items does");
    expect(guide).toContain("very bytes of the first answer");
  });

  it("SDK snippets beside curl name what the SDK exports and methods it has", () => {
    const imported = [...guide.matchAll(/import \{ ([^}]+) \} from "@leadprop\/sdk"/g)].flatMap((m) =>
      m[1].split(",").map((name) => name.trim()),
    );
    expect(imported.length).toBeGreaterThanOrEqual(3);
    for (const name of imported) expect(Object.keys(sdk), name).toContain(name);
    const client = sdk.createLeadPropClient({ baseUrl: "http://localhost", apiKey: "lpm_x" });
    for (const [, resource, method] of guide.matchAll(/client\.(\w+)\.(\w+)\(/g)) {
      expect(
        typeof (client as unknown as Record<string, Record<string, unknown>>)[resource]?.[method],
        `client.${resource}.${method}`,
      ).toBe("function");
    }
  });
});
