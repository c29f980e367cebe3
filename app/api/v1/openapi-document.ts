import type { oas31 } from "zod-openapi";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { OPERATIONS } from "./operation-list";

// Built once per process: the schemas cannot change while it runs.
let cached: oas31.OpenAPIObject | undefined;

/** The OpenAPI document of /api/v1 (served at /api/v1/openapi.json, read by the SDK generator). */
export function getOpenApiDocument(): oas31.OpenAPIObject {
  cached ??= buildOpenApiDocument(OPERATIONS);
  return cached;
}
