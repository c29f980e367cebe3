import { ApiError } from "./api-error";

/** If-Match, checked by a service under the record's lock (so no other write can come between the
 * check and the change): 412 precondition_failed unless the record is at one of `expected`
 * (lib/api/if-match.ts; undefined: any version). */
export function assertVersionMatches(
  noun: "lead" | "property" | "visit" | "task",
  version: number,
  expected: readonly number[] | undefined,
): void {
  if (expected === undefined || expected.includes(version)) return;
  throw new ApiError(
    "precondition_failed",
    `This ${noun} changed since you read it: it is at version ${version} (ETag "${version}"), not the one If-Match names. GET it again, apply your change to what it is now, and retry with its new ETag.`,
  );
}
