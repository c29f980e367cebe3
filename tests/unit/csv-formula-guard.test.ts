import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { CSV_OPTIONS, guardFormula } from "@/lib/exports/csv-options";

// Every export's formula guard (lib/exports/csv-options.ts): a cell a spreadsheet could run gets
// a ' in front; a plain signed number (an E.164 phone, a negative amount) is data and stays as it is.

describe("the exports' formula guard", () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["@SUM(A1:A9)", "'@SUM(A1:A9)"],
    ["+portal", "'+portal"],
    ["-2+3", "'-2+3"],
    ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
    ["+1 510-555-0142", "'+1 510-555-0142"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["+15105550142", "+15105550142"],
    ["-1250.50", "-1250.50"],
    ["Ada Lovelace", "Ada Lovelace"],
    ["", ""],
  ])("%j → %j", (cell, written) => {
    expect(guardFormula(cell)).toBe(written);
  });

  it("is what csv-stringify writes with, before its quoting", () => {
    expect(stringify([["+15105550142", '=HYPERLINK("http://evil.test")', "a,b"]], CSV_OPTIONS)).toBe(
      '+15105550142,"\'=HYPERLINK(""http://evil.test"")","a,b"\r\n',
    );
  });

  it("quotes a cell with a line break of any kind, so no reader splits its row", () => {
    expect(stringify([["line 1\nline 2", "a\rb", "plain"]], CSV_OPTIONS)).toBe('"line 1\nline 2","a\rb",plain\r\n');
  });
});
