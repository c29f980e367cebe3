import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { leads, type Lead } from "@/db/schema";
import { toPublicLead, type PublicLead } from "@/lib/leads/public-lead";
import { definePublicShape } from "@/lib/query/public-shape";
import { leadFieldEntries } from "@/lib/schemas/lead-fields";
import { leadSchema } from "@/lib/schemas/leads";

// A public shape is derived from its zod schema and its table; a schema field the table cannot
// produce is a compile error where the shape is defined (`npm test` type-checks this file).

/** The columns the public lead leaves out, with a value each. A column added for a new public
 * field needs nothing here: its value is the field's example in the registry. */
const PRIVATE_COLUMNS: { [K in Exclude<keyof Lead, keyof PublicLead>]: Lead[K] } = {
  accountId: "acc_1",
  smsOptOutByRecipient: false,
  deletedAt: null,
};

/** A stored lead: each column of the table, from the registry's example of its field (a time as
 * the Date the driver gives). */
function leadRow(): Lead {
  const examples: Record<string, unknown> = Object.fromEntries(
    leadFieldEntries().map(([field, spec]) => [field, spec.example]),
  );
  return Object.fromEntries(
    Object.entries(getTableColumns(leads)).map(([key, column]) => {
      const value = key in PRIVATE_COLUMNS ? PRIVATE_COLUMNS[key as keyof typeof PRIVATE_COLUMNS] : examples[key];
      return [key, column.dataType === "date" && typeof value === "string" ? new Date(value) : value];
    }),
  ) as Lead;
}

describe("definePublicShape", () => {
  it("refuses, at compile time, a field with no column or a column of another type", () => {
    const noColumn = definePublicShape(leadSchema.extend({ rating: z.number() }), leads);
    const wrongType = definePublicShape(leadSchema.extend({ budget: z.string() }), leads);
    // @ts-expect-error -- `rating` has no column: the shape has no fromRow, only the error.
    expect(noColumn.fromRow).toBeTypeOf("function");
    // @ts-expect-error -- `budget` is a number column, not a string.
    expect(wrongType.fromRow).toBeTypeOf("function");
    expect(noColumn).toMatchObject({ jsonOf: expect.any(Function) });
  });

  it("maps a row to the schema's keys, in the schema's order, times as ISO text", () => {
    const row = leadRow();
    const lead = toPublicLead(row);
    expect(Object.keys(lead)).toEqual(Object.keys(leadSchema.shape));
    // The row holds each field's example from the registry: the mapping gives the example back.
    expect(lead).toEqual(Object.fromEntries(leadFieldEntries().map(([field, spec]) => [field, spec.example])));
    expect(lead).toMatchObject({ budget: 450000, createdAt: "2026-11-22T09:30:00.000Z" });
    expect(lead).not.toHaveProperty("accountId");
    expect(lead).not.toHaveProperty("deletedAt");
  });
});
