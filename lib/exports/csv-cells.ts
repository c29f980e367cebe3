import type { CustomFieldDefinition } from "@/db/schema";

// How an exported cell reads in a spreadsheet: times as "YYYY-MM-DD HH:MM:SS" in UTC (Excel,
// Numbers and Sheets read that as a date and time, not the ISO "T…Z" form), booleans as Yes/No,
// lists joined by ", ", empty for null. The lead import (lib/imports/coerce-cell.ts) reads each
// of these back, so an exported file imports again.

export type Cell = string | number | null;

export const timeCell = (value: Date | string | null | undefined): Cell =>
  value ? new Date(value).toISOString().slice(0, 19).replace("T", " ") : null;

export const yesNo = (value: boolean): Cell => (value ? "Yes" : "No");

export const listCell = (values: readonly string[]): Cell => (values.length ? values.join(", ") : null);

type Definition = Pick<CustomFieldDefinition, "key" | "label" | "type">;

/** A custom field's stored value as its cell; a value of the wrong shape (stored before its
 * definition changed) is written as text rather than dropped. */
function customFieldCell(def: Definition, value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (def.type === "boolean" && typeof value === "boolean") return yesNo(value);
  if (def.type === "multi_select" && Array.isArray(value)) return listCell(value.map(String));
  if (typeof value === "number" || typeof value === "string") return value;
  return JSON.stringify(value);
}

/** One header per definition, its label; a label that repeats a column already there gets its
 * key in brackets, so no two columns share a header. */
function customFieldHeaders(definitions: readonly Definition[], taken: readonly string[]): string[] {
  const used = new Set(taken.map((h) => h.toLowerCase()));
  return definitions.map((def) => {
    const header = used.has(def.label.toLowerCase()) ? `${def.label} (${def.key})` : def.label;
    used.add(header.toLowerCase());
    return header;
  });
}

/** The fixed columns of a record's CSV, then one per custom field definition of the account, in
 * their order, with the headers customFieldHeaders gives them. `Args`: what a cell takes besides
 * its record (the lead export's id → name maps); a custom field's cell needs the record alone. */
export function withCustomFieldColumns<T extends { customFields: Record<string, unknown> }, Args extends unknown[]>(
  fixed: readonly { header: string; cell: (record: T, ...args: Args) => Cell }[],
  definitions: readonly Definition[],
): { header: string; cell: (record: T, ...args: Args) => Cell }[] {
  const headers = customFieldHeaders(
    definitions,
    fixed.map((column) => column.header),
  );
  return [
    ...fixed,
    ...definitions.map((def, i) => ({
      header: headers[i],
      cell: (...[record]: [T, ...Args]) => customFieldCell(def, record.customFields[def.key]),
    })),
  ];
}
