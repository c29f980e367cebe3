import { LEAD_INTERESTS, LEAD_STATUSES } from "@/lib/domain/enums";
import type { CustomFieldDefinition } from "@/db/schema";
import { LEAD_INTEREST_LABELS, LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";

// A spreadsheet cell is text; the API's fields are typed. These turn the ways people write a
// value ("$450,000", "Yes", "Visit scheduled", "3/14/2026") into what the schemas accept. A cell
// that cannot be read is passed on as it is, so the schema's own message names the problem.

const norm = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, "");

const STATUS_BY_TEXT = new Map<string, string>(
  LEAD_STATUSES.flatMap((s) => [
    [norm(s), s],
    [norm(LEAD_STATUS_LABELS[s]), s],
  ]),
);
const INTEREST_BY_TEXT = new Map<string, string>(
  LEAD_INTERESTS.flatMap((i) => [
    [norm(i), i],
    [norm(LEAD_INTEREST_LABELS[i]), i],
  ]),
);
const TRUE = new Set(["true", "yes", "y", "1", "x", "on", "optedout", "unsubscribed"]);
const FALSE = new Set(["false", "no", "n", "0", "off"]);

export const statusOfCell = (cell: string) => STATUS_BY_TEXT.get(norm(cell)) ?? cell;
export const interestOfCell = (cell: string) => INTEREST_BY_TEXT.get(norm(cell)) ?? cell;

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
export const listOfCell = (cell: string) =>
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
