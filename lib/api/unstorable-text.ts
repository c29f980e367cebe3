import type { ErrorDetail } from "@/lib/errors/api-error";

// Text PostgreSQL cannot store as sent: the NUL character (its text types refuse it, and the
// statement fails) and lone UTF-16 surrogates (they have no UTF-8 form, and the driver would
// store U+FFFD in their place). Both are refused where text enters, as a 400 on the field, rather
// than a 500 or a silently changed value.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MESSAGE = "Must not contain the NUL character (U+0000) or unpaired UTF-16 surrogates";

/** Every string (and object key) in `value` that cannot be stored, by path. */
export function unstorableText(value: unknown, path: string[] = []): ErrorDetail[] {
  if (typeof value === "string") return UNSTORABLE.test(value) ? [{ path: path.join("."), message: MESSAGE }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorableText(item, [...path, String(i)]));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      UNSTORABLE.test(key)
        ? [{ path: [...path, key].join("."), message: MESSAGE }]
        : unstorableText(item, [...path, key]),
    );
  }
  return [];
}
