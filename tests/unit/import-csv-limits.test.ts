import { describe, expect, it } from "vitest";
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROW_BYTES } from "@/lib/imports/import-limits";
import { parseCsv, readCsv } from "@/lib/imports/parse-csv";

const utf8 = (text: string) => new TextEncoder().encode(text);
const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("not refused");
};
const columns = (n: number, cell = (i: number) => `c${i}`) => Array.from({ length: n }, (_, i) => cell(i)).join(",");

// Issue 31, finding 5: a CSV upload had no column or row-size limit. A 169 KB file of 20,000
// columns made a 28 MB mapping page and held the server 2.3 s; a 20 MB file could hold millions.
describe("CSV import limits (issue 31, finding 5)", () => {
  it("refuses a header of more than 200 columns at upload, naming the limit", () => {
    // The audit's file: 20,000 columns, 169 KB. Its header alone is over the row size.
    const audit = `${columns(20_000, (i) => `Col${i}`)}\n${columns(20_000, () => "x")}\n`;
    expect(audit.length).toBeGreaterThan(160_000);
    expect(refusal(() => readCsv(utf8(audit)))).toMatch(/^Line 1 is longer than 64 KB/);
    // 20,000 one-letter columns fit in 40 KB: refused by their count.
    const wide = `${columns(20_000, () => "a")}\n${columns(20_000, () => "x")}\n`;
    expect(refusal(() => readCsv(utf8(wide)))).toBe(
      "The header row has 20,000 columns; imports take at most 200. Delete the columns you do not need, then upload the file again.",
    );
    expect(refusal(() => readCsv(utf8(`${columns(MAX_IMPORT_COLUMNS + 1)}\nAda\n`)))).toMatch(
      /^The header row has 201 columns; imports take at most 200\./,
    );
    expect(readCsv(utf8(`${columns(MAX_IMPORT_COLUMNS)}\nAda\n`)).headers).toHaveLength(MAX_IMPORT_COLUMNS);
  });

  it("refuses a data row of more than 200 cells, naming its line", () => {
    const text = `Name,Email\nAda,ada@example.com\nBob,${columns(MAX_IMPORT_COLUMNS)}\n`;
    expect(refusal(() => readCsv(utf8(text)))).toBe(
      "Line 3 has 201 columns; imports take at most 200. Delete the columns you do not need, then upload the file again.",
    );
  });

  it("refuses a line over 64 KB, millions of empty columns included, before building the row", () => {
    // 4 MB of one line: `a` then empty cells. Their values are short, so csv-parse's own record
    // size would let it through as one array of 4 million cells.
    const flood = `Name\na${",".repeat(4 * 1024 * 1024)}\n`;
    expect(refusal(() => readCsv(utf8(flood)))).toBe(
      "Line 2 is longer than 64 KB; imports take rows of at most 64 KB. Check that the file has one lead per line, then upload it again.",
    );
    const started = performance.now();
    refusal(() => readCsv(utf8(flood)));
    // Refused from a scan of the text, not from a parse of 4 million cells (seconds).
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refusal(() => readCsv(utf8(`Name,Notes\nAda,${"n".repeat(MAX_IMPORT_ROW_BYTES)}\n`)))).toMatch(
      /^Line 2 is longer than 64 KB/,
    );
  });

  it("refuses a row over 64 KB whose quoted line breaks keep every line short", () => {
    const notes = Array.from({ length: 1_000 }, () => "n".repeat(100)).join("\n");
    expect(refusal(() => readCsv(utf8(`Name,Notes\nAda,"${notes}"\n`)))).toMatch(
      /is longer than 64 KB; imports take rows of at most 64 KB/,
    );
  });

  it("takes what a lead needs: 10,000-character notes, quoted line breaks, old Mac line ends", () => {
    const notes = `${"n".repeat(5_000)}\n${"m".repeat(5_000)}`;
    expect(readCsv(utf8(`Name,Notes\nAda,"${notes}"\n`)).rows).toEqual([["Ada", notes]]);
    // A lone \r ends a line too: 2,000 short rows are no 64 KB line.
    const mac = `Name,Email\r${Array.from({ length: 2_000 }, (_, i) => `Lead number ${i},lead-${i}@example.com`).join("\r")}\r`;
    expect(mac.length).toBeGreaterThan(MAX_IMPORT_ROW_BYTES);
    expect(readCsv(utf8(mac)).rows).toHaveLength(2_000);
  });

  it("applies the same limits when the stored file is read again (preview and job)", () => {
    expect(refusal(() => parseCsv(`${columns(MAX_IMPORT_COLUMNS + 1)}\nAda\n`, ",", 20))).toMatch(
      /^The header row has 201 columns/,
    );
    expect(refusal(() => parseCsv(`Name\n${"x".repeat(MAX_IMPORT_ROW_BYTES + 1)}\n`, ","))).toMatch(
      /^Line 2 is longer than 64 KB/,
    );
  });
});
