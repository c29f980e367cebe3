import { CsvError, parse } from "csv-parse/sync";
import { ApiError } from "@/lib/errors/api-error";
import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, MAX_IMPORT_ROW_BYTES } from "./import-limits";

// Reading an uploaded CSV: the bytes to text, the separator, then the rows (csv-parse). Whatever
// cannot be read is refused with a message that says why and what to do, shown as is in the UI.

type CsvEncoding = "utf-8" | "utf-16" | "windows-1252";

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
}

export interface ParsedCsv {
  headers: string[];
  /** The data rows (no header), each as many cells as the file gave it. */
  rows: string[][];
}

const DELIMITERS = [",", ";", "\t", "|"] as const;
const MB = 1024 * 1024;

const refuse = (message: string) => new ApiError("validation_error", message);

const ROW_KB = MAX_IMPORT_ROW_BYTES / 1024;
const rowTooLong = (line: number | undefined) =>
  refuse(
    `${line ? `Line ${line.toLocaleString("en-US")}` : "A row"} is longer than ${ROW_KB} KB; imports take rows of at most ${ROW_KB} KB. Check that the file has one lead per line, then upload it again.`,
  );
/** `line` undefined: the header row. */
const tooManyColumns = (columns: number, line: number | undefined) =>
  refuse(
    `${line === undefined ? "The header row" : `Line ${line.toLocaleString("en-US")}`} has ${columns.toLocaleString("en-US")} columns; imports take at most ${MAX_IMPORT_COLUMNS}. Delete the columns you do not need, then upload the file again.`,
  );

/** Refuses a file over MAX_IMPORT_BYTES from its size alone, before anything reads it whole. */
export function assertImportSize(byteSize: number): void {
  if (byteSize > MAX_IMPORT_BYTES) {
    throw new ApiError(
      "payload_too_large",
      `The file is ${(byteSize / MB).toFixed(1)} MB; imports take at most ${MAX_IMPORT_BYTES / MB} MB. Split it into smaller files.`,
    );
  }
  if (byteSize === 0) throw refuse("The file is empty.");
}

/**
 * UTF-8 (a byte-order mark is dropped), UTF-16 with its byte-order mark (Excel's "Unicode text"),
 * else Windows-1252: bytes that are not valid UTF-8 are what Excel on Windows and older CRMs write
 * for "Latin-1" text, and Windows-1252 is a superset of Latin-1's printable characters.
 */
function decodeCsv(bytes: Uint8Array): DecodedCsv {
  assertImportSize(bytes.byteLength);
  let decoded: DecodedCsv;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    decoded = { text: new TextDecoder(bytes[0] === 0xff ? "utf-16le" : "utf-16be").decode(bytes), encoding: "utf-16" };
  } else {
    try {
      decoded = { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
    } catch {
      decoded = { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
    }
  }
  // A NUL never occurs in text: this is a spreadsheet (.xlsx), an image, or UTF-16 without its mark.
  if (decoded.text.includes("\u0000")) {
    throw refuse(
      "This is not a CSV text file (it holds binary data). In your spreadsheet, use File → Save as → CSV, then upload that file.",
    );
  }
  return decoded;
}

/** The separator the header line uses most, outside quotes: `,`, `;` (European Excel), tab or `|`. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ",";
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/**
 * The first line (1-based) longer than a row may be, or 0: a row's size is its length as written,
 * separators and quotes included. csv-parse's max_record_size counts only a row's values, so a
 * 20 MB line of `,,,,` (millions of empty columns) would pass it and be built as one array before
 * any column count could refuse it; it stays the check for a row whose quoted line breaks spread
 * it over lines. Lines end at "\n", or at a lone "\r" (old Mac files), looked for only inside a
 * long line. indexOf, not a loop over characters: 20 MB in ~30 ms.
 */
function firstLineTooLong(text: string): number {
  let line = 1;
  for (let start = 0; start < text.length; line++) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > MAX_IMPORT_ROW_BYTES) {
      const parts = text.slice(start, end).split("\r");
      const long = parts.findIndex((part) => part.length > MAX_IMPORT_ROW_BYTES);
      if (long !== -1) return line + long;
      line += parts.length - 1;
    }
    start = end + 1;
  }
  return 0;
}

/** The header and the rows (the first `limit` only, when given). Fully empty lines are skipped; a
 * row may have fewer or more cells than the header (the mapping reads cells by column). Rows
 * over MAX_IMPORT_COLUMNS or MAX_IMPORT_ROW_BYTES are refused, the upload's and the job's alike. */
export function parseCsv(text: string, delimiter: string, limit?: number): ParsedCsv {
  const longLine = firstLineTooLong(text);
  if (longLine) throw rowTooLong(longLine);
  let records: string[][];
  let atHeader = true;
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // A row with quoted line breaks can be longer than any of its lines.
      max_record_size: MAX_IMPORT_ROW_BYTES,
      on_record: (record: string[], { lines }: { lines: number }) => {
        if (record.length > MAX_IMPORT_COLUMNS) throw tooManyColumns(record.length, atHeader ? undefined : lines);
        atHeader = false;
        return record;
      },
      // One record past the limit is enough to know the file is over it.
      to: limit === undefined ? MAX_IMPORT_ROWS + 2 : limit + 1,
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (!(error instanceof CsvError)) throw error;
    if (error.code === "CSV_MAX_RECORD_SIZE") throw rowTooLong((error as CsvError & { lines?: number }).lines);
    throw refuse(`The file could not be read as CSV: ${csvProblem(error)}. Check the file and upload it again.`);
  }
  if (records.length === 0) throw refuse("The file is empty.");
  if (records.length === 1) throw refuse("The file has a header row but no rows under it.");
  if (records.length - 1 > MAX_IMPORT_ROWS) {
    throw refuse(
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows; imports take at most that many. Split it into smaller files.`,
    );
  }
  const [header, ...rows] = records;
  const headers = header.map((cell, i) => cell.trim() || `Column ${i + 1}`);
  return { headers, rows };
}

/** csv-parse's message in the user's terms, with the line it stopped at. */
function csvProblem(error: CsvError): string {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : "";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `a quoted value is never closed${where}`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `a quote inside a value is not doubled ("")${where}`;
    default:
      return `${error.message.replace(/\.$/, "")}`;
  }
}

/** Everything at once: bytes → decoded text, separator, rows. */
export function readCsv(bytes: Uint8Array): DecodedCsv & ParsedCsv & { delimiter: string } {
  const decoded = decodeCsv(bytes);
  const delimiter = detectDelimiter(decoded.text.replace(/^\uFEFF/, ""));
  return { ...decoded, delimiter, ...parseCsv(decoded.text, delimiter) };
}
