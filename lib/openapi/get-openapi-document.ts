import type { oas31 } from "zod-openapi";
import { buildOpenApiDocument } from "./build-openapi-document";

// Built once per process: the schemas cannot change while it runs.
let cached: oas31.OpenAPIObject | undefined;

export function getOpenApiDocument(): oas31.OpenAPIObject {
  cached ??= buildOpenApiDocument();
  return cached;
}
