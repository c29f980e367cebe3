import type { ApiError } from "./api-error";

// The one error envelope, `{error: {code, message, details?, requestId}}`: what the API's routes
// (lib/api/respond.ts), the metrics endpoints and the worker's listener (lib/observability) all
// answer a refusal with. Beside ApiError, below every door, so each can write it.
export function errorBody(error: ApiError, requestId: string) {
  const body: { code: string; message: string; details?: ApiError["details"]; requestId: string } = {
    code: error.code,
    message: error.message,
    requestId,
  };
  if (error.details?.length) body.details = error.details;
  return { error: body };
}
