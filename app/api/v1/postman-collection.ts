import { toPostmanCollection, type PostmanCollection } from "@/lib/openapi/to-postman-collection";
import { getOpenApiDocument } from "./openapi-document";

// Converted once per process (the first conversion takes about half a second on our machines).
let cached: Promise<PostmanCollection> | undefined;

/** The Postman collection of /api/v1, converted from the OpenAPI document. */
export function getPostmanCollection(): Promise<PostmanCollection> {
  cached ??= toPostmanCollection(getOpenApiDocument()).catch((error: unknown) => {
    cached = undefined; // let the next request try again
    throw error;
  });
  return cached;
}
