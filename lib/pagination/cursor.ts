import { createHash } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";

// Opaque cursors: base64url of the sort, a fingerprint of the filters, and the last item's
// sort value and id, with a short tag so an edited cursor is refused instead of misread.

export interface CursorPosition {
  at: Date;
  id: string;
}

interface Payload {
  s: string;
  f: string;
  t: string;
  i: string;
}

const TAG_SALT = "lpm-cursor-v1";
const tagOf = (body: string) => createHash("sha256").update(`${TAG_SALT}:${body}`).digest("base64url").slice(0, 10);

export function filterFingerprint(filters: Record<string, unknown>): string {
  const canonical = Object.keys(filters)
    .filter((k) => filters[k] !== undefined)
    .sort()
    .map((k) => `${k}=${filters[k] instanceof Date ? (filters[k] as Date).toISOString() : JSON.stringify(filters[k])}`)
    .join("&");
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 12);
}

export function encodeCursor(sort: string, fingerprint: string, position: CursorPosition): string {
  const body = JSON.stringify({
    s: sort,
    f: fingerprint,
    t: position.at.toISOString(),
    i: position.id,
  } satisfies Payload);
  return Buffer.from(`${body}|${tagOf(body)}`).toString("base64url");
}

export function decodeCursor(cursor: string, sort: string, fingerprint: string): CursorPosition {
  const invalid = new ApiError(
    "invalid_cursor",
    "The cursor is invalid, or was made with another sort or other filters. Start again from the first page.",
  );
  let payload: Payload;
  try {
    const text = Buffer.from(cursor, "base64url").toString("utf8");
    // Node's decoder skips stray characters; a cursor must be exactly what we issued.
    if (Buffer.from(text).toString("base64url") !== cursor) throw invalid;
    const split = text.lastIndexOf("|");
    const body = text.slice(0, split);
    if (split < 0 || tagOf(body) !== text.slice(split + 1)) throw invalid;
    payload = JSON.parse(body) as Payload;
  } catch {
    throw invalid;
  }
  const at = new Date(payload.t);
  if (payload.s !== sort || payload.f !== fingerprint || Number.isNaN(at.getTime()) || typeof payload.i !== "string")
    throw invalid;
  return { at, id: payload.i };
}
