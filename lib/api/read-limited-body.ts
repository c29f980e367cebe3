import { ApiError } from "@/lib/errors/api-error";

/** 413 for a body over `limitBytes`, in the envelope's words. */
const bodyTooLarge = (limitBytes: number) =>
  new ApiError("payload_too_large", `The body is larger than ${limitBytes / 1024} KB.`);

/**
 * The body's bytes, refused with 413 as soon as it passes `limitBytes`: a declared
 * Content-Length over the limit before a byte is read, and a chunked body (no length) the moment
 * its running size passes it, the rest never read. Buffering first and measuring after let one
 * unauthenticated 300 MB POST take 800 MB of the server's memory (issue 31, finding 4).
 * A client that hangs up mid-body makes the read fail (ECONNRESET "aborted"): that is an
 * incomplete body (`incomplete`), not a failing dependency to be logged as "database unavailable".
 */
export async function readLimitedBody(req: Request, limitBytes: number, incomplete: () => ApiError): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limitBytes) throw bodyTooLarge(limitBytes);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw incomplete();
    });
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(limitBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
