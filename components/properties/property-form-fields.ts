import type { z } from "zod";
import { areaFieldName, areaIn, type AreaUnit } from "@/lib/properties/area-units";
import type { PublicProperty } from "@/lib/properties/public-property";
import { propertyFieldEntries, type PropertyFormField, type PropertyFormWidget } from "@/lib/schemas/property-fields";
import { propertyCreateSchema } from "@/lib/schemas/properties";
import { acceptsNull, innerType, maxLengthOf } from "@/components/ui/zod-field-facts";

// The property form's inputs, derived from the field registry (lib/schemas/property-fields.ts)
// and the API's schema, as the lead form's are (components/leads/lead-form-fields.ts): which
// fields, their widget, and what zod says of them (whether they may be empty, how long or how
// large they may be). An object field (the address) is one input per part. Plain data, computed
// on the server, so the client form needs no zod of its own.

export interface PropertyFormFieldSpec extends Omit<PropertyFormWidget, "widget"> {
  /** The input's name: the field, or `address.city` for a part (the API's error path too). The
   * area's is its unit's (areaFieldName), chosen when the form is drawn. */
  name: string;
  field: PropertyFormField;
  /** The address's parts are text inputs. */
  widget: Exclude<PropertyFormWidget["widget"], "address">;
  label: string;
  /** Null is a value: an empty box clears the field. */
  nullable: boolean;
  /** A select's choices, from the field's enum labels. */
  choices?: { value: string; label: string }[];
  /** A count's largest value, for the message a word instead of a number gets. */
  max?: number;
}

const TEXT_WIDGETS = new Set<PropertyFormWidget["widget"]>(["text", "textarea", "currency"]);

const zodOf = (field: PropertyFormField): z.ZodType => propertyCreateSchema.shape[field];

/** An object field's zod type for one part. */
const partOf = (field: PropertyFormField, part: string): z.ZodType =>
  (innerType(zodOf(field)) as z.ZodObject).shape[part] as z.ZodType;

function numberMax(type: z.ZodType): number | undefined {
  const max = (innerType(type) as { maxValue?: number | null }).maxValue;
  return typeof max === "number" && Number.isSafeInteger(max) ? max : undefined;
}

const defined = <T extends object>(spec: T): T =>
  Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== undefined)) as T;

export const PROPERTY_FORM_FIELDS: readonly PropertyFormFieldSpec[] = propertyFieldEntries().flatMap(
  ([name, spec]): PropertyFormFieldSpec[] => {
    if (!spec.form) return [];
    const field = name as PropertyFormField;
    const { widget, ...form } = spec.form;
    if (widget === "address")
      return Object.entries(spec.parts ?? {}).map(([part, partSpec]) =>
        defined({
          ...partSpec,
          name: `${field}.${part}`,
          field,
          widget: "text" as const,
          group: form.group,
          nullable: acceptsNull(partOf(field, part)),
          maxLength: partSpec.maxLength ?? maxLengthOf(partOf(field, part)),
        }),
      );
    return [
      defined({
        ...form,
        name: field,
        field,
        widget,
        label: form.label ?? spec.label,
        nullable: acceptsNull(zodOf(field)),
        maxLength: TEXT_WIDGETS.has(widget) ? (form.maxLength ?? maxLengthOf(zodOf(field))) : undefined,
        max: widget === "count" || widget === "halves" ? numberMax(zodOf(field)) : undefined,
        choices: spec.values && Object.entries(spec.values).map(([value, label]) => ({ value, label })),
      }),
    ];
  },
);

/** The input's name in a form of this unit (the area's carries its unit). */
export const inputName = (field: PropertyFormFieldSpec, unit: AreaUnit): string =>
  field.widget === "area" ? areaFieldName(unit) : field.name;

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** A value as its input holds it; a new property's are empty, a select at its `initial`, the
 * currency the account's. */
function formValueOf(
  field: PropertyFormFieldSpec,
  property: PublicProperty | undefined,
  currency: string,
  unit: AreaUnit,
): string {
  const [key, part] = field.name.split(".") as [keyof PublicProperty, string | undefined];
  const value: unknown = part ? (property?.[key] as Record<string, unknown> | undefined)?.[part] : property?.[key];
  switch (field.widget) {
    case "area":
      return typeof value === "number" ? text(areaIn(value, unit)) : "";
    case "currency":
      return text(value ?? currency);
    case "select":
      return text(value ?? field.initial);
    default:
      return text(value);
  }
}

/** A property's values as the form's text, by input name (custom fields have their own inputs). */
export function propertyFormValues(
  property: PublicProperty | undefined,
  currency: string,
  unit: AreaUnit,
): Record<string, string> {
  return Object.fromEntries(
    PROPERTY_FORM_FIELDS.filter((field) => field.widget !== "customFields").map((field) => [
      inputName(field, unit),
      formValueOf(field, property, currency, unit),
    ]),
  );
}
