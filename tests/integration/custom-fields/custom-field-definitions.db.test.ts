import { describe, expect, it } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import {
  createCustomFieldDefinition,
  deleteCustomFieldDefinition,
  listCustomFieldDefinitions,
  toPublicCustomFieldDefinition,
} from "@/lib/custom-fields/custom-field-definitions";
import { validateCustomFields } from "@/lib/custom-fields/validate-custom-fields";
import { ApiError } from "@/lib/errors/api-error";

const unique = () => Math.random().toString(36).slice(2, 10);
const account = async () =>
  (
    await createAccount({
      name: `Agency ${unique()}`,
      email: `cf-${unique()}@example.com`,
      password: "pw-123456789",
      plan: "agency",
    })
  ).accountId;

async function refusal(run: () => unknown): Promise<{ code: string; paths: string[] }> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, paths: (e.details ?? []).map((d) => d.path) };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe(`custom field definitions on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("creates, lists in order, refuses a duplicate key and bad input, and deletes only its own", async () => {
    const a = await account();
    const b = await account();
    const budget = await createCustomFieldDefinition(a, {
      resource: "lead",
      key: "budget",
      label: "Budget",
      type: "number",
    });
    await createCustomFieldDefinition(a, {
      resource: "lead",
      key: "source_channel",
      label: "Channel",
      type: "single_select",
      options: ["web", "phone"],
      required: true,
    });
    await createCustomFieldDefinition(a, { resource: "property", key: "budget", label: "Budget", type: "number" });
    expect(budget.id).toMatch(/^cfd_/);

    const leads = await listCustomFieldDefinitions(a, "lead");
    expect(leads.map(toPublicCustomFieldDefinition).map((d) => [d.key, d.position])).toEqual([
      ["budget", 0],
      ["source_channel", 1],
    ]);
    expect(await listCustomFieldDefinitions(b)).toEqual([]);

    expect(
      await refusal(() =>
        createCustomFieldDefinition(a, { resource: "lead", key: "budget", label: "B", type: "text" }),
      ),
    ).toEqual({ code: "validation_error", paths: ["key"] });
    expect(
      await refusal(() =>
        createCustomFieldDefinition(a, { resource: "lead", key: "Bad Key", label: "B", type: "text" }),
      ),
    ).toEqual({ code: "validation_error", paths: ["key"] });
    expect(
      await refusal(() =>
        createCustomFieldDefinition(a, { resource: "lead", key: "pick", label: "P", type: "single_select" }),
      ),
    ).toEqual({ code: "validation_error", paths: ["options"] });

    expect((await refusal(() => deleteCustomFieldDefinition(b, budget.id))).code).toBe("not_found");
    await deleteCustomFieldDefinition(a, budget.id);
    expect((await listCustomFieldDefinitions(a, "lead")).map((d) => d.key)).toEqual(["source_channel"]);
  });
});

describe("custom field values", () => {
  const defs = [
    { key: "budget", type: "number" as const, options: [], required: false },
    { key: "note", type: "text" as const, options: [], required: false },
    { key: "moved_in", type: "date" as const, options: [], required: false },
    { key: "pets", type: "boolean" as const, options: [], required: false },
    { key: "channel", type: "single_select" as const, options: ["web", "phone"], required: true },
    { key: "tags", type: "multi_select" as const, options: ["a", "b"], required: false },
  ];

  it("accepts each type and refuses wrong types, unknown keys, unknown options and a missing required", async () => {
    expect(
      validateCustomFields(
        defs,
        { budget: 1.5, note: "x", moved_in: "2026-02-28", pets: false, channel: "web", tags: ["a", "a", "b"] },
        null,
      ),
    ).toEqual({ budget: 1.5, note: "x", moved_in: "2026-02-28", pets: false, channel: "web", tags: ["a", "b"] });
    const bad = await refusal(() =>
      validateCustomFields(
        defs,
        { budget: "1", note: 3, moved_in: "2026-02-30", pets: "yes", tags: ["c"], nope: 1 },
        null,
      ),
    );
    expect(bad.code).toBe("validation_error");
    expect(bad.paths.sort()).toEqual(
      [
        "customFields.budget",
        "customFields.note",
        "customFields.moved_in",
        "customFields.pets",
        "customFields.tags",
        "customFields.nope",
        "customFields.channel",
      ].sort(),
    );
    expect((await refusal(() => validateCustomFields(defs, { channel: "fax" }, null))).paths).toEqual([
      "customFields.channel",
    ]);
  });

  it("merges on update, clears with null, keeps required ones set; fill only fills and never requires", async () => {
    const stored = { channel: "web", budget: 3, old_key: "kept" };
    expect(validateCustomFields(defs, { budget: null, note: "n" }, stored)).toEqual({
      channel: "web",
      note: "n",
      old_key: "kept",
    });
    expect(validateCustomFields(defs, undefined, stored)).toEqual(stored);
    expect((await refusal(() => validateCustomFields(defs, { channel: null }, stored))).paths).toEqual([
      "customFields.channel",
    ]);
    // Intake's fill: only keys without a value, nulls ignored, a missing required field is fine.
    expect(validateCustomFields(defs, { budget: 9, note: "n", pets: null }, stored, "fill")).toEqual({
      ...stored,
      note: "n",
    });
    expect(validateCustomFields(defs, { note: "n" }, null, "fill")).toEqual({ note: "n" });
    expect((await refusal(() => validateCustomFields(defs, { budget: "9" }, stored, "fill"))).paths).toEqual([
      "customFields.budget",
    ]);
  });
});
