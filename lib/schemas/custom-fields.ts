import { CUSTOM_FIELD_RESOURCES, CUSTOM_FIELD_TYPES } from "@/lib/domain/enums";
import { z } from "zod";

// Custom field definitions: the fields an account adds to its leads or properties. Records carry
// their values as `customFields: {key: value}`, validated against these.

export type CustomFieldResource = (typeof CUSTOM_FIELD_RESOURCES)[number];

const SELECT_TYPES = new Set(["single_select", "multi_select"]);

export const customFieldDefinitionInput = z
  .object({
    resource: z.enum(CUSTOM_FIELD_RESOURCES),
    key: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,62}$/, { error: "Lower snake case: a-z, 0-9 and _, starting with a letter" }),
    label: z.string().trim().min(1, { error: "Required" }).max(100, { error: "At most 100 characters" }),
    type: z.enum(CUSTOM_FIELD_TYPES),
    options: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    required: z.boolean().default(false),
  })
  .superRefine((d, ctx) => {
    if (SELECT_TYPES.has(d.type) && d.options.length === 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "A select needs at least one option" });
    if (!SELECT_TYPES.has(d.type) && d.options.length > 0)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Only selects have options" });
    if (new Set(d.options).size !== d.options.length)
      ctx.addIssue({ code: "custom", path: ["options"], message: "Options must be unique" });
  });
export type CustomFieldDefinitionInput = z.input<typeof customFieldDefinitionInput>;

export const publicCustomFieldDefinition = z.object({
  id: z.string().meta({ example: "cfd_01J..." }),
  resource: z.enum(CUSTOM_FIELD_RESOURCES),
  key: z.string().meta({ description: "The name in `customFields` and in `cf[<key>]=…` filters." }),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()).meta({ description: "The choices of a select, in order; empty otherwise." }),
  required: z.boolean(),
  position: z.number().int(),
});
export type PublicCustomFieldDefinition = z.infer<typeof publicCustomFieldDefinition>;

export const customFieldListQuery = z.strictObject({
  resource: z
    .enum(CUSTOM_FIELD_RESOURCES)
    .optional()
    .meta({ description: "Only the definitions of leads or of properties; both when left out." }),
});

// A record's values. What each key holds depends on its definition's type: text, single_select
// and date (YYYY-MM-DD) are strings, number a number, boolean a boolean, multi_select a list of
// its options.
const customFieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type CustomFieldValues = Record<string, z.output<typeof customFieldValue>>;

// The leads and properties tables' `custom_fields` column (db/schema/domain-types.ts).
declare module "@/db/schema/domain-types" {
  interface DomainTypes {
    customFieldValues: CustomFieldValues;
  }
}

const CUSTOM_FIELDS_SEE_ALSO =
  "Keys and types are your account's custom field definitions: list them with `GET /api/v1/custom-fields`.";

export const customFieldValuesSchema = z.record(z.string(), customFieldValue).meta({
  id: "CustomFieldValues",
  description: `The record's custom field values, by key: a string (text, single_select, date as YYYY-MM-DD), a number, a boolean, or a list of options (multi_select). Keys without a value are left out. ${CUSTOM_FIELDS_SEE_ALSO}`,
  example: { move_in_date: "2026-09-01", pets: true, bedrooms_wanted: 2 },
});

// Values are typed by their definitions, which only the service knows: it checks them and says
// what each key must hold (a string, a number, …), more precisely than a union could.
export const customFieldValuesInput = z.record(z.string().max(63), z.unknown()).meta({
  id: "CustomFieldValuesInput",
  description: `Values by key (the same types as the record's \`customFields\`; \`null\` clears), checked against the definitions: a wrong type, an unknown key or an unknown option is a 400 \`validation_error\` at \`customFields.<key>\`. On create, required fields must be given. On update the object is merged into the stored values: keys not sent are kept and \`null\` clears one (a required field cannot be cleared). ${CUSTOM_FIELDS_SEE_ALSO}`,
  example: { move_in_date: "2026-09-01", pets: true },
});

// `cf[key]=value` and `cf[key][gte]=…`/`cf[key][lte]=…` (lib/api/parse-input.ts nests them).
const rangeBound = z.string().min(1).max(100);
export const customFieldFilterQuery = z
  .record(
    z.string().max(63),
    z.union([z.string().max(200), z.strictObject({ gte: rangeBound.optional(), lte: rangeBound.optional() })]),
  )
  .optional()
  .meta({
    param: { style: "deepObject", explode: true },
    description:
      "Custom field filters (combine with AND), by the definition's key (`GET /api/v1/custom-fields`): `cf[key]=value` is equality for text, single_select (one of its options), number (`cf[budget]=5000`), date (`YYYY-MM-DD`) and boolean (`true`/`false`); on a multi_select it keeps records having that option. On number and date fields, `cf[key][gte]=…` and `cf[key][lte]=…` bound the value (inclusive; records without a value are left out). An unknown key or a value the field's type cannot hold is a 400 `validation_error` naming the parameter.",
    example: { stage: "hot" },
  });
export type CustomFieldFilter = NonNullable<z.output<typeof customFieldFilterQuery>>;

// What an owner may change: the key and the type are fixed (records and integrations use them).
export const customFieldDefinitionUpdateInput = z.strictObject({
  label: z.string().trim().min(1, { error: "Required" }).max(100, { error: "At most 100 characters" }),
  required: z.boolean(),
  options: z.array(z.string().trim().min(1).max(100)).max(100),
});
export type CustomFieldDefinitionUpdateInput = z.input<typeof customFieldDefinitionUpdateInput>;
