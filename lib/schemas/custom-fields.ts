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
