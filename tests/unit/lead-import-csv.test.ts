import { describe, expect, it } from "vitest";
import { numberOfCell, dateOfCell, booleanOfCell, statusOfCell } from "@/lib/imports/coerce-cell";
import { guessMapping } from "@/lib/imports/guess-mapping";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "@/lib/imports/import-limits";
import { assertImportSize, readCsv } from "@/lib/imports/parse-csv";

const utf8 = (text: string) => new TextEncoder().encode(text);
const refusal = (bytes: Uint8Array) => {
  try {
    readCsv(bytes);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("not refused");
};

describe("reading an uploaded CSV", () => {
  it("drops a UTF-8 byte-order mark and detects semicolons", () => {
    const csv = readCsv(utf8("\uFEFFName;E-mail\nAda;ada@example.com\n"));
    expect(csv).toMatchObject({ encoding: "utf-8", delimiter: ";", headers: ["Name", "E-mail"] });
    expect(csv.rows).toEqual([["Ada", "ada@example.com"]]);
  });

  it("detects tabs and commas, keeps quoted newlines and separators inside a value", () => {
    expect(readCsv(utf8("Name\tPhone\nAda\t555\n")).delimiter).toBe("\t");
    const csv = readCsv(utf8('"Name, full",Notes\r\nAda,"line one\r\nline two, with ""quotes"""\r\n'));
    expect(csv.delimiter).toBe(",");
    expect(csv.headers).toEqual(["Name, full", "Notes"]);
    expect(csv.rows).toEqual([["Ada", 'line one\r\nline two, with "quotes"']]);
  });

  it("reads text that is not UTF-8 as Windows-1252 (Latin-1), and UTF-16 with its mark", () => {
    // "José;Müller" as Latin-1 bytes: é = 0xE9, ü = 0xFC.
    const latin1 = Uint8Array.from([...utf8("Name;City\nJos"), 0xe9, ...utf8(";M"), 0xfc, ...utf8("nchen\n")]);
    expect(readCsv(latin1)).toMatchObject({ encoding: "windows-1252", rows: [["José", "München"]] });
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from("Name\tCity\nZoë\tKöln\n", "utf16le")]);
    expect(readCsv(utf16)).toMatchObject({ encoding: "utf-16", delimiter: "\t", rows: [["Zoë", "Köln"]] });
  });

  it("skips blank lines and names empty headers", () => {
    expect(readCsv(utf8("Name,\n\nAda,x\n,\n"))).toMatchObject({ headers: ["Name", "Column 2"], rows: [["Ada", "x"]] });
  });

  it("refuses what it cannot import, saying why", () => {
    expect(refusal(new Uint8Array())).toBe("The file is empty.");
    expect(refusal(utf8("\n\n"))).toBe("The file is empty.");
    expect(refusal(utf8("Name,Email\n"))).toBe("The file has a header row but no rows under it.");
    expect(refusal(utf8('Name\n"Ada\n'))).toMatch(/^The file could not be read as CSV: a quoted value is never closed/);
    expect(refusal(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toMatch(
      /not a CSV text file.*Save as → CSV/,
    );
    expect(refusal(utf8(`Name\n${"x\n".repeat(MAX_IMPORT_ROWS + 1)}`))).toBe(
      "The file has more than 200,000 rows; imports take at most that many. Split it into smaller files.",
    );
    expect(() => readCsv(utf8(`Name\n${"x\n".repeat(MAX_IMPORT_ROWS)}`))).not.toThrow();
    expect(refusal(new Uint8Array(MAX_IMPORT_BYTES + 1))).toBe(
      "The file is 20.0 MB; imports take at most 20 MB. Split it into smaller files.",
    );
    // From the size alone, before the file is read.
    expect(() => assertImportSize(30 * 1024 * 1024)).toThrow(/30.0 MB/);
  });
});

describe("guessing the mapping from the headers", () => {
  it("maps common names, joins first and last names, takes custom fields by key or label", () => {
    const headers = [
      "First name",
      "Last Name",
      "E-mail",
      "Phone Number",
      "Lead Source",
      "Budget",
      "Move-in",
      "Whatever",
      "email",
    ];
    expect(guessMapping(headers, [{ key: "move_in", label: "Move-in" }])).toEqual({
      "0": "firstName",
      "1": "lastName",
      "2": "email",
      "3": "phone",
      "4": "source",
      "5": "budget",
      "6": "cf:move_in",
      "7": "ignore",
      // A field is taken by its first column only.
      "8": "ignore",
    });
    expect(guessMapping(["Full Name", "Mobile", "Contact ID", "Tags"], [])).toEqual({
      "0": "name",
      "1": "phone",
      "2": "externalId",
      "3": "tags",
    });
  });
});

describe("reading a cell as its field's type", () => {
  it("numbers, dates, yes/no and status labels as spreadsheets write them", () => {
    expect(["$450,000", "1.250.000", "450k", "12,5", "1,250.75", "abc"].map(numberOfCell)).toEqual([
      450000,
      1250000,
      450000,
      12.5,
      1250.75,
      "abc",
    ]);
    expect(["2026-03-14", "3/14/2026", "2026-03-14T10:00:00Z", "soon"].map(dateOfCell)).toEqual([
      "2026-03-14",
      "2026-03-14",
      "2026-03-14",
      "soon",
    ]);
    expect(["Yes", "n", "X", "maybe"].map(booleanOfCell)).toEqual([true, false, true, "maybe"]);
    expect(["Visit scheduled", "CONTACTED", "visit_scheduled", "cold"].map(statusOfCell)).toEqual([
      "visit_scheduled",
      "contacted",
      "visit_scheduled",
      "cold",
    ]);
  });
});
