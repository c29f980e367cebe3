import { NextRequest } from "next/server";
import { readLimitedBody } from "@/lib/api/read-limited-body";
import { errorResponse } from "@/lib/api/respond";
import { newRequestId } from "@/lib/ids/new-request-id";
import { ApiError } from "@/lib/errors/api-error";

/** Ample for next-auth's forms (CSRF token, email, password, callback URL); far under a flood. */
export const MAX_AUTH_BODY_BYTES = 16 * 1024;

const cutShort = () => new ApiError("malformed_request", "The request body stopped before it was complete.");

/**
 * The request with its body read under MAX_AUTH_BODY_BYTES, or the 413 (or 400) to answer instead.
 * next-auth reads a POST's whole body (req.formData()) before anything checks it, and the proxy
 * does not stand in front of /api/auth, so without this one unauthenticated sign-in POST could make
 * the server buffer any size (issue 31, "oversized unauthenticated bodies on every public route").
 */
export async function limitAuthRequestBody(req: NextRequest): Promise<NextRequest | Response> {
  if (req.method !== "POST" || !req.body) return req;
  const requestId = newRequestId();
  try {
    const body = await readLimitedBody(req, MAX_AUTH_BODY_BYTES, cutShort);
    return new NextRequest(req, { body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, requestId);
    throw error;
  }
}
