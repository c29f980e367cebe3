import type { Page } from "./types";

/**
 * Every item of a list, page after page: follows `meta.cursor` while `meta.hasMore`. Pages are
 * fetched as the loop asks for items, so breaking out early fetches no more.
 */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, cursor?: string) {
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.data;
    if (!page.meta.hasMore || page.meta.cursor === null) return;
    cursor = page.meta.cursor;
  }
}
