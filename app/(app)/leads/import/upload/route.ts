import { errorResponse, toApiError } from "@/lib/api/respond";
import { newRequestId } from "@/lib/ids/new-request-id";
import { readLimitedBody } from "@/lib/api/read-limited-body";
import { getCurrentMember } from "@/lib/auth/get-current-member";
import { isSameOriginRequest } from "@/lib/auth/is-same-origin-request";
import { ApiError } from "@/lib/errors/api-error";
import { MAX_IMPORT_BYTES } from "@/lib/imports/import-limits";
import { createLeadImport } from "@/lib/imports/lead-import-service";
import { assertImportSize } from "@/lib/imports/parse-csv";

export const dynamic = "force-dynamic";

const MB = 1024 * 1024;

// POST /leads/import/upload?name=<file name> – Leads → Import's upload: the CSV's bytes as the
// body. A route handler, not a server action: an action's body limit is one for every action,
// sign-up and sign-in included, and 20 MB there let anyone make the server buffer 20 MB
// (issue 31, finding 11). Here, in this order: the Origin (CSRF, as Next checks actions), a
// signed-in member (as requireMember; the client refreshes the page on 401/403, whose guard sends
// them on), then the body, refused past 20 MB as it streams.
// The proxy's matcher leaves this path alone, so nothing buffers the body before this runs.
export async function POST(req: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    if (!isSameOriginRequest(req.headers)) {
      throw new ApiError("forbidden", "Uploads are taken only from LeadProp's own pages.");
    }
    const member = await getCurrentMember();
    if (!member) throw new ApiError("unauthorized", "Your session has ended. Sign in again to upload the file.");
    const declared = req.headers.get("content-length");
    if (declared !== null) assertImportSize(Number(declared));
    const bytes = await readLimitedBody(req, MAX_IMPORT_BYTES, uploadCutShort).catch((error: unknown) => {
      // A body with no declared length, stopped the moment it passed the limit: said as a file.
      if (error instanceof ApiError && error.code === "payload_too_large") throw fileTooLarge();
      throw error;
    });
    const name = new URL(req.url).searchParams.get("name") ?? "";
    const id = await createLeadImport(
      { accountId: member.accountId, userId: member.userId, name: member.name },
      { name, bytes },
    );
    const location = `/leads/import/${id}`;
    return Response.json(
      { data: { id, location } },
      { status: 201, headers: { Location: location, "X-Request-Id": requestId, "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorResponse(toApiError(error, requestId), requestId);
  }
}

const uploadCutShort = () =>
  new ApiError("validation_error", "The upload stopped before the whole file arrived. Try again.");
const fileTooLarge = () =>
  new ApiError(
    "payload_too_large",
    `The file is larger than ${MAX_IMPORT_BYTES / MB} MB; imports take at most ${MAX_IMPORT_BYTES / MB} MB. Split it into smaller files.`,
  );
