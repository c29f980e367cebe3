import { stringify } from "csv-stringify/sync";
import type { Page } from "@/lib/pagination/keyset";
import type { Cell } from "./csv-cells";
import { CSV_OPTIONS } from "./csv-options";

// An export's text, a page of rows at a time: the caller's keyset pages are read one after the
// other and each is written as soon as it is read, so a million rows never sit in memory.
// Quoting and the formula guard: csv-options.ts. CRLF line ends and a byte-order mark, so Excel
// opens the file as UTF-8 (names with accents).

export const EXPORT_PAGE_SIZE = 1_000;

/** Every page a keyset list gives, following its cursor. The first page is read before this
 * answers, so a filter the list refuses fails the request before any of the file is sent. */
export async function keysetPages<T>(
  load: (cursor: string | undefined) => Promise<Page<T>>,
): Promise<AsyncGenerator<T[]>> {
  const first = await load(undefined);
  async function* pages(): AsyncGenerator<T[]> {
    for (let page = first; ; page = await load(page.meta.cursor!)) {
      if (page.data.length) yield page.data;
      if (!page.meta.hasMore || !page.meta.cursor) return;
    }
  }
  return pages();
}

/** The header line, then one chunk of lines per page of records. */
export async function* csvChunks(header: string[], records: AsyncIterable<Cell[][]>): AsyncGenerator<string> {
  yield `\uFEFF${stringify([header], CSV_OPTIONS)}`;
  for await (const page of records) if (page.length) yield stringify(page, CSV_OPTIONS);
}
