import { describe, expect, it } from "vitest";
import { queryObject } from "@/lib/api/parse-input";
import { ApiError } from "@/lib/errors/api-error";

const parse = (query: string) => queryObject(new URL(`http://x/api/v1/leads?${query}`));
const refusal = (query: string) => {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof ApiError) return error.details?.map((d) => d.path);
  }
  throw new Error("expected a refusal");
};

// The query string as the handler hands it to a route's schema: OpenAPI's deepObject names
// (`cf[key]`, `cf[key][gte]`) nest; anything else stays flat.
describe("queryObject", () => {
  it("nests bracketed names one or two levels deep and leaves plain ones alone", () => {
    expect(parse("limit=5&cf[stage]=hot&cf[budget][gte]=5&cf[budget][lte]=9&q=a%5Bb%5D")).toEqual({
      limit: "5",
      q: "a[b]",
      cf: { stage: "hot", budget: { gte: "5", lte: "9" } },
    });
    // Deeper or malformed brackets are not nested: the schema reports them as unknown.
    expect(parse("cf[a][b][c]=1&cf[=2")).toEqual({ "cf[a][b][c]": "1", "cf[": "2" });
  });

  it("refuses a repeated name, and a value given both plain and with operators", () => {
    expect(refusal("limit=1&limit=2")).toEqual(["limit"]);
    expect(refusal("cf[stage]=hot&cf[stage]=cold")).toEqual(["cf[stage]"]);
    expect(refusal("cf[budget]=1&cf[budget][gte]=1")).toEqual(["cf[budget][gte]"]);
    expect(refusal("cf[budget][gte]=1&cf[budget]=1")).toEqual(["cf[budget]"]);
  });

  it("never walks into an object's prototype", () => {
    expect(parse("__proto__[polluted]=1&cf[constructor]=x")).toEqual({
      "__proto__[polluted]": "1",
      "cf[constructor]": "x",
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
