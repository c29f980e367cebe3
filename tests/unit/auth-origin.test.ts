import { describe, expect, it } from "vitest";
import { trustHostOnEmbeddedDefault } from "@/lib/auth/auth-origin";

describe("next-auth's origin", () => {
  it("comes from the request's Host on the embedded default, when NEXTAUTH_URL is not set", () => {
    const env: Record<string, string> = {};
    expect(trustHostOnEmbeddedDefault(env)).toBe(true);
    expect(env.AUTH_TRUST_HOST).toBe("true");
  });

  it("stays NEXTAUTH_URL's, or the operator's choice, everywhere else", () => {
    for (const env of [
      { DATABASE_URL: "postgres://db/app" },
      { NEXTAUTH_URL: "http://127.0.0.1:3200" },
      { AUTH_TRUST_HOST: "false" },
    ] as Record<string, string>[]) {
      const before = { ...env };
      expect(trustHostOnEmbeddedDefault(env)).toBe(false);
      expect(env).toEqual(before);
    }
  });
});
