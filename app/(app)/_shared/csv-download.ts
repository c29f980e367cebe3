import { DateTime } from "luxon";

// The web routes' CSV download: the text is pulled from the generator as the client reads, one
// chunk (a page of rows) at a time, so a slow client holds the export back instead of the
// server buffering it, and a client that goes away stops it (cancel ends the generator, which
// stops reading pages).

/** `leads-2026-12-06.csv`: the day it is for the member downloading it, in their time zone (a
 * New York agent exporting at 8 pm must not get tomorrow's date, as a UTC date gave them). */
export const datedFileName = (base: string, timeZone: string, now: DateTime = DateTime.now()): string =>
  `${base}-${now.setZone(timeZone).toISODate()}.csv`;

/** A streamed `text/csv` attachment named `fileName`. */
export function csvDownload(fileName: string, chunks: AsyncGenerator<string>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // One chunk queued ahead at most: the next page is read only once this one is on its way.
    { highWaterMark: 1 },
  );
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
