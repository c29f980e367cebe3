export type RawSearchParams = Record<string, string | string[] | undefined>;

/** A page's query string as single values (the first of a repeated key). */
export function singleParams(params: RawSearchParams): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
}
