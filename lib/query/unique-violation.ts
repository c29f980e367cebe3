// PostgreSQL's unique_violation, found under Drizzle's wrapper: the index it broke, so a caller
// can turn a known conflict into its own answer and let any other error through.

const UNIQUE_VIOLATION = "23505";

/** The name of the unique index `error` violated, or undefined for any other error. postgres-js
 * names it `constraint_name`, PGlite `constraint`. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown; constraint_name?: unknown; constraint?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code !== UNIQUE_VIOLATION) continue;
    const name = e.constraint_name ?? e.constraint;
    return typeof name === "string" ? name : undefined;
  }
  return undefined;
}
