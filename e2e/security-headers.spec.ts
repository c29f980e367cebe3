import { OWNER } from "./support/demo-users";
import { expect, signInThroughApi, test } from "./support/fixtures";

// OWASP API8:2023 Security Misconfiguration, checked on the production build: security headers
// on pages and API answers, no framework fingerprint, and session cookies out of scripts' reach.
test.describe("security headers and cookies", () => {
  // Pages may load their own origin's resources; API answers (JSON) nothing at all.
  const policies = [
    ["/", "default-src 'self'"],
    ["/login", "default-src 'self'"],
    ["/docs", "default-src 'self'"],
    ["/api/v1/openapi.json", "default-src 'none'"],
    ["/api/v1/leads", "default-src 'none'"],
    ["/api/v1/does-not-exist", "default-src 'none'"],
  ] as const;
  for (const [path, defaultSrc] of policies) {
    test(`${path} sends CSP with ${defaultSrc} and frame-ancestors 'none', nosniff, no X-Powered-By`, async ({
      request,
    }) => {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["x-powered-by"]).toBeUndefined();
      expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"]).toContain(defaultSrc);
      expect(headers["content-security-policy"]).not.toContain(
        defaultSrc.endsWith("'self'") ? "default-src 'none'" : "default-src 'self'",
      );
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
    });
  }

  test("an unknown API path is a JSON 404 and a missing method a JSON 405, through Next's routing", async ({
    request,
  }) => {
    const missing = await request.get("/api/v1/does-not-exist");
    expect(missing.status()).toBe(404);
    expect((await missing.json()).error.code).toBe("not_found");
    const method = await request.put("/api/v1/leads");
    expect(method.status()).toBe(405);
    expect(method.headers()["allow"]).toBe("GET, POST, HEAD, OPTIONS");
    expect((await method.json()).error.code).toBe("method_not_allowed");
  });

  test("every answer under /api is the JSON envelope with a request id: odd methods, slashes, versions", async ({
    request,
  }) => {
    const cases = [
      ["TRACE", "/api/v1/leads", 405, "method_not_allowed"],
      ["PROPFIND", "/api/v1/leads", 405, "method_not_allowed"],
      ["GET", "/api/v1/leads/", 404, "not_found"],
      ["GET", "/api/v1", 404, "not_found"],
      ["GET", "/api/v2/leads", 404, "not_found"],
      ["DELETE", "/api/v2/leads/lead_1", 404, "not_found"],
    ] as const;
    for (const [method, path, status, code] of cases) {
      const response = await request.fetch(path, { method, maxRedirects: 0 });
      expect(response.status(), `${method} ${path}`).toBe(status);
      expect(response.headers()["content-type"], `${method} ${path}`).toContain("application/json");
      const body = await response.json();
      expect(body.error.code, `${method} ${path}`).toBe(code);
      expect(body.error.requestId).toBe(response.headers()["x-request-id"]);
    }
    const options = await request.fetch("/api/v1/leads/lead_1", { method: "OPTIONS" });
    expect(options.status()).toBe(204);
    expect(options.headers()["allow"]).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
    for (const document of ["/api/v1/openapi.json", "/api/v1/postman.json"]) {
      expect((await request.get(document)).headers()["x-request-id"], document).toMatch(/^req_/);
    }
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async ({ baseURL }) => {
    const { state } = await signInThroughApi(baseURL!, OWNER);
    const session = state.cookies.find((c) => c.name.includes("session-token"));
    expect(session).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
  });
});

test("a planted session cookie is not adopted (session fixation)", async ({ page, baseURL }) => {
  const host = new URL(baseURL!).hostname;
  await page.context().addCookies([
    {
      name: "next-auth.session-token",
      value: "attacker-chosen-value",
      domain: host,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
  const { state } = await signInThroughApi(baseURL!, OWNER);
  const issued = state.cookies.find((c) => c.name === "next-auth.session-token");
  expect(issued?.value).toBeTruthy();
  expect(issued?.value).not.toBe("attacker-chosen-value");
});
