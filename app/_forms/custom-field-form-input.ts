// The custom field inputs of a lead's or property's form (components/custom-fields/
// custom-field-inputs.tsx) → the API's `customFields`. Every field the form showed is sent, an
// empty one as null (clears it on an update, leaves it out on a create); the service then checks
// the values against the definitions, as it does for the API.

const TYPE_PREFIX = "customFieldType.";
const NUMBER = /^-?\d+(\.\d+)?$/;

export function customFieldsFromForm(formData: FormData): {
  customFields?: Record<string, unknown>;
  formatErrors: Record<string, string>;
} {
  const customFields: Record<string, unknown> = {};
  const formatErrors: Record<string, string> = {};
  for (const [name, type] of formData) {
    if (!name.startsWith(TYPE_PREFIX) || typeof type !== "string") continue;
    const key = name.slice(TYPE_PREFIX.length);
    const field = `customFields.${key}`;
    const sent = formData.getAll(field).filter((v): v is string => typeof v === "string");
    const text = (sent[0] ?? "").trim();
    if (type === "multi_select") customFields[key] = sent.length ? sent : null;
    else if (text === "") customFields[key] = null;
    else if (type === "boolean") customFields[key] = text === "true";
    else if (type === "number") {
      const compact = text.replace(/[\s,]/g, "");
      if (NUMBER.test(compact)) customFields[key] = Number(compact);
      else {
        formatErrors[field] = "Enter a number, e.g. 12 or 3.5";
        customFields[key] = text;
      }
    } else customFields[key] = text;
  }
  return { customFields: Object.keys(customFields).length ? customFields : undefined, formatErrors };
}
