import type { CustomFieldDefinition } from "@/db/schema";
import { LEAD_FIELDS, type LeadFieldSpec } from "@/lib/schemas/lead-fields";

// A spreadsheet cell is text; the API's fields are typed. These turn the ways people write a
// value ("$450,000", "Yes", "Visit scheduled", "3/14/2026") into what the schemas accept. A cell
// that cannot be read is passed on as it is, so the schema's own message names the problem.

const norm = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, "");

const TRUE = new Set(["true", "yes", "y", "1", "x", "on", "optedout", "unsubscribed"]);
const FALSE = new Set(["false", "no", "n", "0", "off"]);

/** An enum's value from itself or its label ("Visit scheduled", "VISIT_SCHEDULED"). */
function enumOfCell(labels: Readonly<Record<string, string>>): (cell: string) => string {
  const byText = new Map(
    Object.entries(labels).flatMap(([value, label]) => [
      [norm(value), value],
      [norm(label), value],
    ]),
  );
  return (cell) => byText.get(norm(cell)) ?? cell;
}

export const statusOfCell = enumOfCell(LEAD_FIELDS.status.values);

export function booleanOfCell(cell: string): boolean | string {
  const key = norm(cell);
  return TRUE.has(key) ? true : FALSE.has(key) ? false : cell;
}

/** "$450,000" → 450000, "1.250.000" → 1250000, "450k" → 450000, "12,5" → 12.5. */
export function numberOfCell(cell: string): number | string {
  let text = cell.replace(/[\s$€£¥]/g, "").replace(/^(USD|EUR|GBP)/i, "");
  const scale = /k$/i.test(text) ? 1_000 : /m$/i.test(text) ? 1_000_000 : 1;
  if (scale !== 1) text = text.slice(0, -1);
  if (/^-?\d{1,3}([,.'])\d{3}(\1\d{3})*$/.test(text)) text = text.replace(/[,.']/g, "");
  else if (/^-?\d{1,3}(,\d{3})+\.\d+$/.test(text)) text = text.replace(/,/g, "");
  else if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(text)) text = text.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d+,\d+$/.test(text)) text = text.replace(",", ".");
  const value = Number(text);
  return text !== "" && Number.isFinite(value) ? Math.round(value * scale * 1e6) / 1e6 : cell;
}

/** Tags and multi-select values: separated by `,` `;` or `|`. */
const listOfCell = (cell: string) =>
  cell
    .split(/[,;|]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** ISO dates as they are; US-style M/D/YYYY (the spreadsheets this import meets most) to ISO. */
export function dateOfCell(cell: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(cell);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  if (us) return `${us[3]}-${us[1].padStart(2, "0")}-${us[2].padStart(2, "0")}`;
  return cell;
}

type Definition = Pick<CustomFieldDefinition, "type" | "options">;

/** A custom field's cell as its type stores it (validateCustomFields checks the result). */
export function customValueOfCell(def: Definition, cell: string): unknown {
  const option = (text: string) => def.options.find((o) => o.toLowerCase() === text.toLowerCase()) ?? text;
  switch (def.type) {
    case "text":
      return cell;
    case "number":
      return numberOfCell(cell);
    case "boolean":
      return booleanOfCell(cell);
    case "date":
      return dateOfCell(cell);
    case "single_select":
      return option(cell);
    case "multi_select":
      return listOfCell(cell).map(option);
  }
}

/** How a cell of a lead field's column is read, from the kind of value the field holds
 * (lib/schemas/lead-fields.ts); undefined: the cell is the value, as text. */
export function leadCellReader(spec: LeadFieldSpec): ((cell: string) => unknown) | undefined {
  switch (spec.value) {
    case "enum":
      return spec.values ? enumOfCell(spec.values) : undefined;
    case "money":
      return numberOfCell;
    case "list":
      return listOfCell;
    case "boolean":
      return booleanOfCell;
    default:
      return undefined;
  }
}
