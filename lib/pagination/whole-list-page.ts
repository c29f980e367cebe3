import type { Page } from "./keyset";

/** A list short enough to answer whole (an account's custom field definitions: a few dozen at
 * most) in the envelope of every other list, as its first and last page: no cursor to follow,
 * and `limit` the number of items. */
export const wholeListPage = <T>(data: T[]): Page<T> => ({
  data,
  meta: { cursor: null, hasMore: false, limit: data.length },
});
