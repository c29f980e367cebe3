import { describe, expect, it } from "vitest";
import { createCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import { callApi, createTenant } from "../../helpers/api";
import type { ListBody } from "../../helpers/api-bodies";

type Definition = { key: string; resource: string; type: string; options: string[] };

describe("GET /api/v1/custom-fields", () => {
  it("lists the account's definitions, by resource, and nothing of another account", async () => {
    const t = await createTenant();
    const other = await createTenant();
    await createCustomFieldDefinition(t.accountId, {
      resource: "lead",
      key: "budget",
      label: "Budget",
      type: "number",
    });
    await createCustomFieldDefinition(t.accountId, {
      resource: "property",
      key: "heating",
      label: "Heating",
      type: "single_select",
      options: ["gas", "heat_pump"],
    });

    const all = await callApi<ListBody<Definition>>("GET", "/api/v1/custom-fields", { key: t.key });
    expect(all.status).toBe(200);
    expect(all.body.data.map((d) => [d.resource, d.key])).toEqual([
      ["lead", "budget"],
      ["property", "heating"],
    ]);
    // The list envelope of every other list (issue 33): one page, nothing after it.
    expect(all.body.meta).toEqual({ cursor: null, hasMore: false, limit: 2 });
    const props = await callApi<{ data: Definition[] }>("GET", "/api/v1/custom-fields?resource=property", {
      key: t.key,
    });
    expect(props.body.data).toMatchObject([{ key: "heating", type: "single_select", options: ["gas", "heat_pump"] }]);

    const none = await callApi<ListBody<Definition>>("GET", "/api/v1/custom-fields", { key: other.key });
    expect(none.body).toEqual({ data: [], meta: { cursor: null, hasMore: false, limit: 0 } });

    const bad = await callApi<{ error: { code: string } }>("GET", "/api/v1/custom-fields?resource=visit", {
      key: t.key,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
  });
});
