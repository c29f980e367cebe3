import { afterEach, describe, expect, it, vi } from "vitest";

// OWASP API8: session cookies are Secure in production (served over https).
describe("session cookies", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it.each([
    ["https://crm.example.com", true],
    ["http://127.0.0.1:3200", false],
  ])("NEXTAUTH_URL=%s → useSecureCookies %s", async (url, secure) => {
    vi.stubEnv("NEXTAUTH_URL", url);
    vi.stubEnv("NEXTAUTH_SECRET", "test-secret-test-secret-test-secret");
    const { getAuthOptions } = await import("@/lib/auth/auth-options");
    expect(getAuthOptions().useSecureCookies).toBe(secure);
  });
});
