import { describe, expect, it } from "vitest";
import { z } from "zod";
import { leads, type Lead } from "@/db/schema";
import { toPublicLead } from "@/lib/leads/public-lead";
import { definePublicShape } from "@/lib/query/public-shape";
import { leadSchema } from "@/lib/schemas/leads";

// A public shape is derived from its zod schema and its table; a schema field the table cannot
// produce is a compile error where the shape is defined (`npm test` type-checks this file).

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
    const at = new Date("2026-11-22T09:30:00.000Z");
    const row: Lead = {
      id: "lead_1",
      accountId: "acc_1",
      name: "Ada",
      email: null,
      phone: null,
      status: "new",
      source: null,
      interest: null,
      budget: 450000,
      propertyId: null,
      assignedTo: null,
      tags: ["a"],
      notes: null,
      smsOptOut: false,
      smsOptOutByRecipient: false,
      externalId: null,
      timezone: null,
      consent: { sms: { status: "unknown", at: null, source: null, text: null, ip: null } },
      customFields: {},
      createdAt: at,
      updatedAt: at,
      version: 1,
      deletedAt: null,
    };
    const lead = toPublicLead(row);
    expect(Object.keys(lead)).toEqual(Object.keys(leadSchema.shape));
    expect(lead).toMatchObject({ id: "lead_1", budget: 450000, createdAt: "2026-11-22T09:30:00.000Z" });
    expect(lead).not.toHaveProperty("accountId");
    expect(lead).not.toHaveProperty("deletedAt");
  });
});
