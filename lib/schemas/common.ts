import { z } from "zod";

// Building blocks shared by every resource's schemas (and so by the OpenAPI document).

export const SORTS = ["-createdAt", "createdAt", "-updatedAt", "updatedAt"] as const;
export type Sort = (typeof SORTS)[number];
/** The web UI's leads list also sorts by name (case-insensitive, A→Z or Z→A); the API's lists
 * sort by time only, so this is in no API query and no OpenAPI document. */
export const listSortSchema = z.enum([...SORTS, "name", "-name"]);
export type ListSort = z.output<typeof listSortSchema>;

// What the API stores and answers in (ISO 8601 UTC, four-digit years): an offset may carry a time
// out of it ("0000-01-01T00:00:00+14:00" is in the year -1), which no response could write.
const FIRST = Date.parse("0001-01-01T00:00:00.000Z");
const LAST = Date.parse("9999-12-31T23:59:59.999Z");
export const timestampSchema = z.iso
  .datetime({ offset: true })
  // A malformed value has its own error already (zod runs this check too): one error a field.
  .refine((value) => Number.isNaN(Date.parse(value)) || (Date.parse(value) >= FIRST && Date.parse(value) <= LAST), {
    error: "Must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z",
  })
  .meta({ description: "ISO 8601 time, e.g. `2026-11-22T09:30:00.000Z`.", example: "2026-11-22T09:30:00.000Z" });
/** A time in a query string, parsed to a Date. */
export const timestampQuery = timestampSchema.transform((value) => new Date(value));

/**
 * An integer query parameter: decimal digits only, with an optional minus sign. `z.coerce.number`
 * read whatever `Number()` reads, so `?limit=0x10` was 16, `1e1` 10 and `' 7 '` 7 (issue 31,
 * finding 20). Anything else stays a string, which the number schema refuses with its own words.
 * The document still says `integer`: the parsing is what that type means in a query string.
 */
export function queryInteger<S extends z.ZodType<number | undefined>>(schema: S) {
  return z.preprocess((value) => (typeof value === "string" && /^-?\d+$/.test(value) ? Number(value) : value), schema);
}

const limitQuery = queryInteger(
  z
    .number({ error: "Must be an integer from 1 to 100" })
    .int({ error: "Must be an integer from 1 to 100" })
    .min(1, { error: "Must be an integer from 1 to 100" })
    .max(100, { error: "Must be an integer from 1 to 100" })
    .default(20),
).meta({ description: "Items per page, 1–100.", example: 20 });

const cursorQuery = z.string().min(1).max(512).meta({
  description: "`meta.cursor` of the previous page. Opaque, and bound to its list, account, sort and filters.",
});

export const paginationQuery = {
  limit: limitQuery,
  cursor: cursorQuery.optional(),
};

export const sortQuery = z
  .enum(SORTS)
  .default("-createdAt")
  .meta({ description: "Sort order; `-` means newest first.", example: "-createdAt" });

export const listMetaSchema = z
  .object({
    cursor: z.string().nullable().meta({
      description:
        "Cursor of the last item on this page; pass it as `cursor` to get the next page. Null on an empty page.",
    }),
    hasMore: z.boolean().meta({ description: "True while more items follow this page." }),
    limit: z.number().int().meta({ description: "The page size used." }),
  })
  .meta({ id: "ListMeta" });

// Response fields. A resource's output schema is its public shape: the mapper and the SQL
// projection are derived from it (lib/query/public-shape.ts), and the contract test holds every
// response to it.
export const outputTimestamp = z
  .string()
  .meta({ format: "date-time", description: "ISO 8601 UTC with milliseconds.", example: "2026-11-22T09:30:00.000Z" });
/** leads, properties and visits: db/schema/columns.ts's version, raised in every UPDATE's statement. */
export const outputVersion = z.number().int().min(1).meta({
  description:
    "1 when created, one more with every change, deletion included (a deleted object's last event carries the version its deletion made). Apply an event of this object only when its version is above the one you hold: webhooks can arrive out of order and be retried, versions cannot go back. Also the object's `ETag` (`\"<version>\"`), for `If-Match` on PATCH and DELETE.",
  example: 3,
});
export const outputId = (prefix: string) =>
  z.string().meta({
    pattern: `^${prefix}_[0-9a-z]+$`,
    description: `Opaque id (\`${prefix}_…\`).`,
    example: `${prefix}_01jf3v6q2m8k4x5y7z9a0b1c2d`,
  });

export const idParams = (prefix: string) =>
  z.strictObject({
    id: z
      .string()
      .min(1)
      .max(100)
      .meta({ description: `The resource id (\`${prefix}_…\`).` }),
  });

export const nullableText = (max: number) =>
  z
    .string()
    .max(max, { error: `At most ${max} characters` })
    .nullable();

/** The integrator's own id for a record (issue 21): unique per account, matched as sent after
 * trimming, so a copy-pasted space cannot make a second record. */
export const externalIdInput = z
  .string()
  .trim()
  .min(1, { error: "1–255 characters" })
  .max(255, { error: "1–255 characters" })
  .nullable()
  .meta({
    description:
      "Your own id for this record (another CRM's, a portal's), unique in your account; `null` clears it. Another record with the same `externalId` answers 409 `external_id_taken`.",
    example: "crm-4711",
  });
export const externalIdQuery = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .optional()
  .meta({ description: "Only the record with this `externalId` (exact match)." });

/** PATCH bodies: any subset of the writable fields, at least one. */
export const atLeastOneField = <T extends Record<string, unknown>>(value: T) => Object.keys(value).length > 0;
