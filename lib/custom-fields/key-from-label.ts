// A custom field's key (its name in `customFields` and in `cf[key]=` filters) made from its label,
// as an owner would write it: "Move-in date" → move_in_date, "Préféré ?" → prefere. Lower snake
// case, starting with a letter, at most 63 characters (customFieldDefinitionInput's rule).
const MAX_KEY = 63;

export function keyFromLabel(label: string): string {
  const words = label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const key = /^[a-z]/.test(words) ? words : words ? `field_${words}` : "";
  return key.slice(0, MAX_KEY).replace(/_+$/, "");
}
