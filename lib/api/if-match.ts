import { ApiError } from "@/lib/errors/api-error";

// If-Match (RFC 9110, 13.1.1) on PATCH and DELETE of a lead, property or visit: the ETags the
// client holds. Our ETags are strong, `"<version>"` (lib/api/etag.ts), so a weak one (`W/"3"`)
// never matches, as the RFC's strong comparison says. `*` matches any record that exists, which
// the 404 already decides, so it asks nothing more.

const ENTITY_TAG = /^(W\/)?"([^"]*)"$/;

/** The versions If-Match accepts (the record must be at one of them), or undefined when any
 * version will do (no header, or `*`). A header that is no list of entity tags is a 400. */
export function ifMatchVersions(header: string | null): readonly number[] | undefined {
  if (header === null || header.trim() === "*") return undefined;
  const versions: number[] = [];
  for (const part of header.split(",")) {
    const tag = ENTITY_TAG.exec(part.trim());
    if (!tag) {
      throw new ApiError("validation_error", "The If-Match header is invalid: 1 problem (see details).", [
        { path: "If-Match", message: 'Must be the ETag a GET answered, quotes included, e.g. "3"' },
      ]);
    }
    // A weak tag, or one that is no version of ours, can never match: it stays out of the list,
    // and an empty list fails every record.
    if (!tag[1] && /^[1-9][0-9]{0,9}$/.test(tag[2])) versions.push(Number(tag[2]));
  }
  return versions;
}
