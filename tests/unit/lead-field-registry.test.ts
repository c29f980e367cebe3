import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActivityChanges } from "@/components/leads/activity-changes";
import { LeadDetailsSummary } from "@/components/leads/lead-details-summary";
import { LeadForm } from "@/components/leads/lead-form";
import { leadCsvColumns } from "@/lib/exports/lead-csv-columns";
import { LEAD_FORM_FIELDS } from "@/components/leads/lead-form-fields";
import { leadInputFromForm } from "@/app/(app)/leads/_forms/lead-form-input";
import { leadFormValues } from "@/components/leads/lead-form-options";
import { guessMapping } from "@/lib/imports/guess-mapping";
import { importTargetOptions } from "@/lib/imports/import-targets";
import type { PublicLead } from "@/lib/leads/public-lead";
import { exampleLead } from "@/lib/openapi/examples";
import { LEAD_FIELDS, leadFieldEntries, type LeadFieldName, type LeadFieldSpec } from "@/lib/schemas/lead-fields";
import { IMPORT_LEAD_FIELDS } from "@/lib/schemas/lead-imports";
import { PreviewTable } from "@/app/(app)/leads/import/[id]/preview-table";
import { leadCreateSchema, leadSchema } from "@/lib/schemas/leads";

// Issue 33: a lead's field is declared once (lib/schemas/lead-fields.ts) and every surface is
// derived from it. This walks each derived surface with a lead whose every field holds a value
// and fails when a surface misses a field of the schema that its registry entry puts there: a
// field added to the schema and the registry must show in the CSV export, the import, the form,
// the details panel and the timeline without another edit.

const CUSTOM = { key: "move_in", label: "Move-in", type: "text" as const, options: [], required: false };

/** A value for a field the document's example leaves empty, by the kind of value it holds. */
function filled(field: LeadFieldName, spec: LeadFieldSpec, example: unknown): unknown {
  if (example !== null) return example;
  switch (spec.value) {
    case "member":
      return "user_01jf3v6q2m8k4x5y7z9a0b1c2f";
    case "property":
      return "prop_01jf3v6q2m8k4x5y7z9a0b1c2e";
    case "timeZone":
      return "America/Chicago";
    case "longText":
      return "Wants a garden,\nand a quiet street";
    default:
      return `${field} value`;
  }
}

// The document's example lead (lib/openapi/examples.ts, from the registry), every empty field
// given a value: a field added to the schema and the registry is walked with no edit here.
const LEAD = Object.fromEntries(
  leadFieldEntries().map(([field, spec]) => [field, filled(field, spec, exampleLead[field])]),
) as PublicLead;
LEAD.customFields = { move_in: "September" };
LEAD.smsOptOut = true;

/** The same lead with one field's value changed (another value of its type). */
function withOther(field: LeadFieldName): PublicLead {
  const value: unknown = LEAD[field];
  const other =
    field === "consent"
      ? { sms: { ...LEAD.consent.sms, status: "revoked" } }
      : field === "customFields"
        ? { move_in: "October" }
        : field === "status"
          ? "won"
          : field === "interest"
            ? "rent"
            : typeof value === "number"
              ? value + 1
              : typeof value === "boolean"
                ? !value
                : Array.isArray(value)
                  ? ["other"]
                  : field.endsWith("At")
                    ? "2027-01-02T03:04:05.000Z"
                    : `${String(value)}-other`;
  return { ...LEAD, [field]: other };
}

const entries = leadFieldEntries();

describe("the lead field registry", () => {
  it("has one entry for each field of the public schema, and covers the writable ones", () => {
    expect(Object.keys(LEAD_FIELDS).sort()).toEqual(Object.keys(leadSchema.shape).sort());
    for (const field of Object.keys(leadCreateSchema.shape)) expect(LEAD_FIELDS).toHaveProperty(field);
    // The sample lead above holds a value in every field, so the walks below see each one.
    expect(Object.keys(LEAD).sort()).toEqual(Object.keys(leadSchema.shape).sort());
    expect(Object.entries(LEAD).filter(([, value]) => value === null || value === "")).toEqual([]);
    expect(leadSchema.parse(LEAD)).toEqual(LEAD);
  });

  it("exports every field marked csv: a column whose cell follows the field's value", () => {
    const columns = leadCsvColumns([CUSTOM]);
    const names = {
      members: new Map([[LEAD.assignedTo!, "Stan Staff"]]),
      properties: new Map([[LEAD.propertyId!, "Loft on 5th"]]),
    };
    const cells = (lead: PublicLead) => columns.map((column) => column.cell(lead, names));
    const headers = columns.map((column) => column.header);
    expect(new Set(headers).size).toBe(headers.length);
    for (const [field, spec] of entries) {
      const changed = cells(withOther(field)).some((cell, i) => cell !== cells(LEAD)[i]);
      expect({ field, exported: changed }).toEqual({ field, exported: spec.csv });
    }
    // Ids are written with the names a reader needs.
    const row = Object.fromEntries(headers.map((header, i) => [header, cells(LEAD)[i]]));
    expect(row).toMatchObject({
      Property: "Loft on 5th",
      "Assigned to": "Stan Staff",
      Interest: "Buy",
      "Move-in": "September",
    });
  });

  it("offers every importable field as a target, labelled, and guesses it from its label and synonyms", () => {
    const targets = importTargetOptions([]);
    for (const [field, spec] of entries) {
      const offered = targets.find((target) => target.value === field);
      if (!spec.import) {
        expect({ field, offered }).toEqual({ field, offered: undefined });
        continue;
      }
      expect(IMPORT_LEAD_FIELDS).toContain(field);
      expect(offered?.label).toBe(spec.label);
      expect(guessMapping([spec.label, ...spec.import.synonyms.slice(0, 1)], [])["0"]).toBe(field);
    }
  });

  it("the form has an input for every field with a widget, and a lead's values survive the form", () => {
    const values = leadFormValues(LEAD);
    const form = new FormData();
    for (const field of LEAD_FORM_FIELDS) {
      const value = values[field.name];
      if (field.widget === "checkbox") {
        form.set(`${field.name}Shown`, "1");
        if (value === true) form.set(field.name, "on");
      } else if (typeof value === "string") form.set(field.name, value);
    }
    const { input, formatErrors } = leadInputFromForm(form);
    expect(formatErrors).toEqual({});
    for (const [field, spec] of entries) {
      const inForm = LEAD_FORM_FIELDS.some((f) => f.name === field);
      expect({ field, inForm }).toEqual({ field, inForm: spec.form !== null });
      // Custom fields are read from their own inputs (customFields.<key>).
      if (spec.form && spec.form.widget !== "customFields")
        expect({ field, value: input[field] }).toEqual({ field, value: LEAD[field] });
    }
    expect(leadCreateSchema.safeParse(input).success).toBe(true);

    const html = renderToStaticMarkup(
      createElement(LeadForm, {
        action: async (state) => state,
        initial: values,
        options: {
          fields: LEAD_FORM_FIELDS,
          statuses: [],
          interests: [],
          properties: [],
          members: [],
          timeZones: [],
          customFields: [CUSTOM],
        },
        submitLabel: "Save",
        pendingLabel: "Saving…",
        currency: "USD",
      }),
    );
    for (const field of LEAD_FORM_FIELDS) {
      const name = field.widget === "customFields" ? `customFields.${CUSTOM.key}` : field.name;
      expect(html).toContain(`name="${name}"`);
    }
    // maxLength comes from the zod type.
    expect(html).toMatch(/name="name"[^>]*maxLength="200"|maxLength="200"[^>]*name="name"/);
  });

  it("the details panel shows every field marked details, by its label", () => {
    const html = renderToStaticMarkup(
      createElement(LeadDetailsSummary, {
        lead: LEAD,
        currency: "USD",
        propertyName: "Loft on 5th",
        timeZones: { zones: ["America/Chicago"], from: "lead" },
        customFields: [CUSTOM],
      }),
    );
    for (const [field, spec] of entries) {
      const shown = html.includes(`>${spec.label}</dt>`);
      expect({ field, shown }).toEqual({ field, shown: spec.details !== null });
    }
    expect(html).toContain("$450,000");
    expect(html).toContain("Loft on 5th");
  });

  it("the timeline names every field marked timeline by its label, never by its key", () => {
    for (const [field, spec] of entries) {
      if (!spec.timeline || field === "customFields") continue;
      const key = field === "consent" ? "consent.sms" : field;
      const html = renderToStaticMarkup(
        createElement(ActivityChanges, {
          data: { changes: { [key]: [LEAD[field], withOther(field)[field]] } },
          names: { members: new Map(), properties: new Map() },
          zone: "UTC",
          currency: "USD",
        }),
      );
      expect({ field, html }).toEqual({ field, html: expect.stringContaining(`>${spec.label}:</dt>`) });
    }
  });

  it("the import preview names every importable field by its label, an enum's value by its own", () => {
    const lead = Object.fromEntries(
      entries.filter(([, spec]) => spec.import).map(([field]) => [field, LEAD[field]]),
    ) as Parameters<typeof PreviewTable>[0]["rows"][number]["lead"];
    const html = renderToStaticMarkup(
      createElement(PreviewTable, {
        rows: [{ rowNumber: 2, cells: [], lead, problems: [], match: { leadId: LEAD.id, by: "externalId" } }],
      }),
    );
    for (const [field, spec] of entries) {
      if (!spec.import) continue;
      expect({ field, html }).toEqual({ field, html: expect.stringContaining(spec.label) });
    }
    expect(html).toContain("Interest: Buy");
    expect(html).toContain("same external id");
  });
});
