import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// Issue 31, finding 18 (query strings): percent-encoded bytes that are not UTF-8 were decoded to
// U+FFFD, so `?q=%ff` searched for "\uFFFD" and answered 200. Now a 400 validation_error naming
// the parameter, as a body with such bytes is refused.
describe("query string encodings (issue 31, finding 18)", () => {
  it.each([
    ["/api/v1/leads?q=%ff", "q", "value"],
    ["/api/v1/leads?status=%ED%A0%80", "status", "value"],
    ["/api/v1/properties?city=%C0%AF", "city", "value"],
    ["/api/v1/leads?limit=5&q=caf%C3", "q", "value"],
    ["/api/v1/leads?%ff=1", "%ff", "name"],
  ])("%s is a 400 naming %s", async (path, name, part) => {
    const t = await createTenant();
    const res = await callApi("GET", path, { key: t.key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "validation_error",
      requestId: res.headers.get("x-request-id"),
      details: [{ path: name, message: `The ${part} is not valid UTF-8 once percent-decoded` }],
    });
  });

  it("decodes UTF-8, + and a literal % as before", async () => {
    const t = await createTenant();
    const created = await callApi("POST", "/api/v1/leads", { key: t.key, body: { name: "Zoë 100% Ångström" } });
    expect(created.status).toBe(201);
    for (const q of ["Zo%C3%AB", "Zo%C3%AB+100%", "100%+%C3%85ngstr%C3%B6m"]) {
      const res = await callApi<{ data: Array<{ name: string }> }>("GET", `/api/v1/leads?q=${q}`, { key: t.key });
      expect(res.status, q).toBe(200);
      expect(
        res.body.data.map((lead) => lead.name),
        q,
      ).toEqual(["Zoë 100% Ångström"]);
    }
  });
});
