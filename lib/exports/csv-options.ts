import type { Options } from "csv-stringify/sync";

// The csv-stringify options every export writes with. csv-stringify quotes commas, quotes and
// newlines; the formula guard is ours, because its `escape_formulas` prefixes a ' to every cell
// starting with = + - @ tab or CR, and so turned every E.164 phone (+15105550142) into
// '+15105550142 in data integrators read back. A cell that is only a signed number (a phone, a
// negative amount) cannot run anything in a spreadsheet, so it is written as it is; any other
// cell with such a start still gets the ' (CSV injection: `=cmd|…`, `+1+cmd|…`, `-2+3`,
// `@SUM(…)` stay text).

const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]\d+(\.\d+)?$/;

/** The cell as a spreadsheet will show it, never run it. */
export const guardFormula = (value: string): string =>
  FORMULA_START.test(value) && !SIGNED_NUMBER.test(value) ? `'${value}` : value;

export const CSV_OPTIONS = {
  cast: { string: guardFormula },
  record_delimiter: "\r\n",
  // csv-stringify quotes a cell holding the record delimiter; with CRLF lines, a note with a lone
  // line feed (and no comma or quote) went out unquoted, and split its row in every reader.
  quoted_match: /[\r\n]/,
} as const satisfies Options;
