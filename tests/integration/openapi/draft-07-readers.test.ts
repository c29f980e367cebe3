import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/app/api/v1/openapi-document";

// Tools that read the document's schemas as JSON Schema draft-07 (Postman's and Portman's
// validators) must accept what the API really sends. The document is 2020-12; every shape in it
// must mean the same under draft-07. Ajv's default class is draft-07.

describe("the document read as draft-07", () => {
  it("accepts a real status change's activity data, and still refuses a change that is not [old, new]", () => {
    const schemas = getOpenApiDocument().components?.schemas ?? {};
    const activityData = JSON.parse(
      JSON.stringify(schemas.ActivityData).replaceAll("#/components/schemas/", "#/definitions/"),
    ) as object;
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile({ ...activityData, definitions: schemas });
    expect(validate({ changes: { status: ["new", "contacted"] } }), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ changes: { status: ["new", "contacted", "won"] } })).toBe(false);
    expect(validate({ changes: { status: "contacted" } })).toBe(false);
  });
});
