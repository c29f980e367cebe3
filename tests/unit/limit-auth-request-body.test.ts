import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { limitAuthRequestBody, MAX_AUTH_BODY_BYTES } from "@/app/api/auth/[...nextauth]/limit-auth-request-body";

const URL = "http://leadprop.test/api/auth/callback/credentials?x=1";
const FORM = "csrfToken=abc&email=ada%40example.com&password=pw&callbackUrl=%2Fdashboard";

// The sign-in body is read under a cap before next-auth sees it; what next-auth then gets must be
// the same request, or sign-in breaks.
describe("limitAuthRequestBody", () => {
  it("hands next-auth a sign-in form under the cap unchanged: URL, method, headers and body", async () => {
    const req = new NextRequest(URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "a=b" },
      body: FORM,
    });
    const limited = await limitAuthRequestBody(req);
    if (limited instanceof Response) throw new Error(`refused with ${limited.status}`);
    expect(limited.nextUrl.searchParams.get("x")).toBe("1");
    expect(limited.method).toBe("POST");
    expect(limited.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(limited.cookies.get("a")?.value).toBe("b");
    expect(Object.fromEntries(await limited.formData())).toMatchObject({ email: "ada@example.com", password: "pw" });
  });

  it("leaves a GET alone", async () => {
    const req = new NextRequest("http://leadprop.test/api/auth/session");
    expect(await limitAuthRequestBody(req)).toBe(req);
  });

  it("refuses a body one byte over the cap with 413 in the envelope", async () => {
    const req = new NextRequest(URL, { method: "POST", body: "a".repeat(MAX_AUTH_BODY_BYTES + 1) });
    const limited = await limitAuthRequestBody(req);
    expect(limited).toBeInstanceOf(Response);
    const res = limited as Response;
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe("payload_too_large");
    expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
  });
});
