import fc from "fast-check";

// Generators for hostile input: derived from valid requests, then mutated.

const nest = (depth: number): unknown => {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

// Characters that trip storage and display: C0 and C1 controls, DEL, NUL, line and paragraph
// separators, BOM, bidi overrides, lone surrogates, noncharacters.
const controlChar = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f }),
  fc.constantFrom(0x2028, 0x2029, 0xfeff, 0x202e, 0x200b, 0xd800, 0xdfff, 0xfffe, 0xffff),
);
const withControls = fc
  .array(
    fc.oneof(
      controlChar.map((c) => String.fromCharCode(c)),
      fc.string({ unit: "grapheme", maxLength: 5 }),
    ),
    {
      minLength: 1,
      maxLength: 12,
    },
  )
  .map((parts) => parts.join(""));

/** Times at and past what PostgreSQL and JavaScript can hold, and offsets that carry over. */
const extremeDate = fc.constantFrom(
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "0001-01-01T00:00:00+00:01",
  "9999-12-31T23:59:59.999Z",
  "9999-12-31T23:59:59.999-00:01",
  "10000-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "1969-12-31T23:59:59.999-23:59",
  "2026-11-24T24:00:00Z",
  "2026-11-24",
  "4713-01-01T00:00:00Z BC",
  "infinity",
  "-infinity",
  "epoch",
);

export const weirdString = fc.oneof(
  fc.string(),
  withControls,
  extremeDate,
  fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "null",
    "undefined",
    "NaN",
    "💥".repeat(60),
    "a".repeat(10_001),
    "<script>alert(1)</script>",
    "'; drop table leads; --",
    "../../etc/passwd",
    "%00",
    "\uD800",
    "+1 (415) 555-0123",
    "2026-13-45T99:99:99Z",
    "lead_",
    "prop_01aaaaaaaaaaaaaaaaaaaaaaaa",
  ),
  fc.integer({ min: 1, max: 120_000 }).map((n) => "x".repeat(n)),
);

const boundaryNumber = fc.constantFrom(
  0,
  -0,
  -1,
  1,
  4,
  5,
  100,
  101,
  480,
  481,
  1600,
  1601,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  0.5,
  1e-9,
);

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdString,
  boundaryNumber,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(weirdString, { maxLength: 25 }),
  fc.integer({ min: 1, max: 3000 }).map(nest),
  fc.jsonValue({ maxDepth: 4 }),
  fc.object({ maxDepth: 2 }),
);

/** A body: the valid one, or one mutation of it, or something else entirely. */
export function mutatedBody(
  valid: Record<string, unknown>,
  knownFields: string[],
): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const field = fc.constantFrom(
    ...knownFields,
    "id",
    "accountId",
    "createdAt",
    "deletedAt",
    "updatedAt",
    "__proto__",
    "constructor",
    "extra",
  );
  return fc.oneof(
    fc.constant({ json: valid }),
    fc.tuple(field, weirdValue).map(([k, v]) => ({ json: { ...valid, [k]: v } })),
    fc
      .tuple(field, weirdValue, field, weirdValue)
      .map(([k1, v1, k2, v2]) => ({ json: { ...valid, [k1]: v1, [k2]: v2 } })),
    fc
      .constantFrom(...Object.keys(valid))
      .map((k) => ({ json: Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k)) })),
    weirdValue.map((json) => ({ json })),
    fc.constantFrom("{", '{"name": }', "[1,2", "nul", "\u0000", '{"name":"a"}garbage', "").map((raw) => ({ raw })),
  );
}

const QUERY_NAMES = [
  "limit",
  "cursor",
  "sort",
  "status",
  "source",
  "assignedTo",
  "tag",
  "q",
  "createdAfter",
  "updatedAfter",
  "type",
  "listingType",
  "city",
  "minPrice",
  "maxPrice",
  "leadId",
  "propertyId",
  "from",
  "to",
];

export const queryString = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 10 })),
        fc.oneof(weirdString, boundaryNumber.map(String), extremeDate),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 3000)])).toString()),
  fc.constantFrom(
    "limit=100&limit=1",
    "cursor=eyJ9",
    "cursor=" + "A".repeat(600),
    "%zz=%zz",
    "sort=createdAt&sort=-createdAt",
    "limit=1e2",
    "limit=0x10",
    "limit= 5",
    "q=%25%25%25",
    "createdAfter=2026-02-30T00:00:00Z",
    "createdAfter=0000-12-31T23:59:59Z",
    "updatedAfter=10000-01-01T00:00:00Z",
    "from=-271821-04-20T00:00:00.000Z&to=%2B275760-09-13T00:00:00.000Z",
    "q=%00",
    "q=%C0%80",
    "tag=%ED%A0%80",
    "source=%E2%80%AE",
  ),
);

/** Header values must be Latin-1 to be sendable at all; everything else in them is fair game. */
export const headerValue = fc.oneof(
  fc.string({ unit: "binary-ascii", maxLength: 300 }).map((s) => s.replace(/[\r\n\0]/g, "")),
  fc.constantFrom("", " ", "x".repeat(256), "x".repeat(255), "dup, dup", "\t"),
);

export const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/vnd.api+json",
  "",
  "application/jsonx",
);
