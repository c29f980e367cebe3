import type { SQL } from "drizzle-orm";

/** A filter condition only when its query parameter was given (undefined conditions are dropped by `and`). */
export const ifSet = <T>(value: T | undefined, condition: (value: T) => SQL | undefined): SQL | undefined =>
  value === undefined ? undefined : condition(value);
