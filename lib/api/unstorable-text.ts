import type { ErrorDetail } from "@/lib/errors/api-error";

// Text PostgreSQL cannot store as sent: the NUL character (its text types refuse it, and the
// statement fails) and lone UTF-16 surrogates (they have no UTF-8 form, and the driver would
// store U+FFFD in their place). Both are refused where text enters, as a 400 on the field, rather
// than a 500 or a silently changed value.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = "Must not contain the NUL character (U+0000) or unpaired UTF-16 surrogates";

interface Place {
  value: unknown;
  key: string | null;
  parent: Place | null;
}

const pathOf = (place: Place, key?: string) => {
  const parts = key === undefined ? [] : [key];
  for (let at: Place | null = place; at?.key != null; at = at.parent) parts.unshift(at.key);
  return parts.join(".");
};

/** Every string (and object key) in `value` that cannot be stored, by path. Iterative, with each
 * place linked to its parent: a body may nest deeper than the call stack (JSON.parse takes it). */
export function unstorableText(value: unknown): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const pending: Place[] = [{ value, key: null, parent: null }];
  while (pending.length) {
    const place = pending.pop()!;
    const item = place.value;
    if (typeof item === "string") {
      if (UNSTORABLE.test(item)) found.push({ path: pathOf(place), message: MESSAGE });
    } else if (Array.isArray(item)) {
      item.forEach((child, i) => pending.push({ value: child, key: String(i), parent: place }));
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (UNSTORABLE.test(key)) found.push({ path: pathOf(place, key), message: MESSAGE });
        else pending.push({ value: child, key, parent: place });
      }
    }
  }
  return found;
}
