import { createHash } from "node:crypto";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";
import { ApiError } from "@/lib/errors/api-error";

// Opaque cursors. A cursor holds the last item's sort value and id, and the scope it was made
// in: the list (which resource, which view), the account, the sort and the filters. It is sealed
// with AES-GCM (lib/crypto/secret-box.ts), so whoever holds one can neither read ids and times out
// of it nor edit it, and a cursor of another list, another account or other filters is refused
// as `invalid_cursor` instead of silently skipping items.

export interface CursorPosition {
  at: Date;
  id: string;
}

/** A position in a list sorted by text (the leads list by name): the sort value is that text. */
export interface TextCursorPosition {
  text: string;
  id: string;
}

interface Payload {
  /** The scope's fingerprint (cursorScope) and the sort. */
  f: string;
  s: string;
  t: string;
  i: string;
}

/** What a cursor is bound to: `list` names the resource and view (e.g. `leads`, `events`). */
export function cursorScope(list: string, accountId: string, filters: Record<string, unknown>): string {
  const canonical = Object.keys(filters)
    .filter((k) => filters[k] !== undefined)
    .sort()
    .map((k) => `${k}=${filters[k] instanceof Date ? (filters[k] as Date).toISOString() : JSON.stringify(filters[k])}`)
    .join("&");
  return createHash("sha256").update(`${list}\n${accountId}\n${canonical}`).digest("base64url").slice(0, 16);
}

export function encodeCursor(sort: string, scope: string, position: CursorPosition | TextCursorPosition): string {
  const t = "at" in position ? position.at.toISOString() : position.text;
  return sealSecret(JSON.stringify({ f: scope, s: sort, t, i: position.id } satisfies Payload));
}

const invalidCursor = () =>
  new ApiError(
    "invalid_cursor",
    "The cursor is invalid, or was made for another list, another sort or other filters. Start again from the first page.",
  );

/** The cursor's sort value (as written) and id, if it was made for this sort and scope. */
function openCursor(cursor: string, sort: string, scope: string): { t: string; id: string } {
  let payload: Payload;
  try {
    payload = JSON.parse(openSecret(cursor)) as Payload;
  } catch {
    throw invalidCursor();
  }
  if (payload.s !== sort || payload.f !== scope || typeof payload.t !== "string" || typeof payload.i !== "string")
    throw invalidCursor();
  return { t: payload.t, id: payload.i };
}

export function decodeCursor(cursor: string, sort: string, scope: string): CursorPosition {
  const { t, id } = openCursor(cursor, sort, scope);
  const at = new Date(t);
  if (Number.isNaN(at.getTime())) throw invalidCursor();
  return { at, id };
}

export function decodeTextCursor(cursor: string, sort: string, scope: string): TextCursorPosition {
  const { t, id } = openCursor(cursor, sort, scope);
  return { text: t, id };
}
