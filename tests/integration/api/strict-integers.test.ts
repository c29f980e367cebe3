import { describe, expect, it } from "vitest";
import { callApi, createTenant } from "../../helpers/api";
import { limitThroughRealRedis } from "./setup-api-tests";

limitThroughRealRedis();

// Issue 31, finding 20: integer query parameters were read with Number(), so `?limit=0x10` was
// 16 and `1e1` 10. Only decimal digits are an integer.
const NOT_DECIMAL = ["0x10", "1e1", "0b1", "0o7", "+7", " 7", "7 ", "7.0", "1_0", "Infinity", "", "٧", "7\u0000"];

describe("integer query parameters take decimal digits only (issue 31, finding 20)", () => {
  it.each([
    ["/api/v1/leads", "limit"],
    ["/api/v1/properties", "limit"],
    ["/api/v1/properties", "minPrice"],
    ["/api/v1/properties", "maxPrice"],
  ])("%s ?%s", async (path, name) => {
    const t = await createTenant();
    for (const value of NOT_DECIMAL) {
      const res = await callApi("GET", `${path}?${name}=${encodeURIComponent(value)}`, { key: t.key });
      expect(res.status, `${name}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body.error?.code).toBe("validation_error");
      expect(res.body.error?.details).toEqual([{ path: name, message: expect.any(String) }]);
    }
    for (const value of ["7", "07", "100"]) {
      const res = await callApi("GET", `${path}?${name}=${value}`, { key: t.key });
      expect(res.status, `${name}=${value}`).toBe(200);
    }
    if (name === "limit") {
      const page = await callApi<{ meta: { limit: number } }>("GET", `${path}?limit=07`, { key: t.key });
      expect(page.body.meta.limit).toBe(7);
      expect((await callApi<{ meta: { limit: number } }>("GET", path, { key: t.key })).body.meta.limit).toBe(20);
      expect((await callApi("GET", `${path}?limit=-1`, { key: t.key })).body.error?.details).toEqual([
        { path: "limit", message: "Must be an integer from 1 to 100" },
      ]);
    }
  });
});
