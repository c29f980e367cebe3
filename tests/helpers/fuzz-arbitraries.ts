import fc from "fast-check";

// Generators for hostile input: derived from valid requests, then mutated.

const nest = (depth: number): unknown => {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

export const weirdString = fc.oneof(
  fc.string(),
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
        fc.oneof(weirdString, boundaryNumber.map(String)),
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
