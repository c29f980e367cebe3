import { CsvError, parse } from "csv-parse/sync";
import { ApiError } from "@/lib/errors/api-error";

// Reading an uploaded CSV: the bytes to text, the separator, then the rows (csv-parse). Whatever
// cannot be read is refused with a message that says why and what to do, shown as is in the UI.

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;

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

/** Refuses a file over 20 MB from its size alone, before anything reads it whole. */
export function assertImportSize(byteSize: number): void {
  if (byteSize > MAX_IMPORT_BYTES) {
    throw new ApiError(
      "payload_too_large",
      `The file is ${(byteSize / MB).toFixed(1)} MB; imports take at most 20 MB. Split it into smaller files.`,
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

/** The header and the rows (the first `limit` only, when given). Fully empty lines are skipped; a
 * row may have fewer or more cells than the header (the mapping reads cells by column). */
export function parseCsv(text: string, delimiter: string, limit?: number): ParsedCsv {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      // One record past the limit is enough to know the file is over it.
      to: limit === undefined ? MAX_IMPORT_ROWS + 2 : limit + 1,
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
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
    case "CSV_MAX_RECORD_SIZE":
      return `a row is too long${where}`;
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
