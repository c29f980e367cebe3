import { getOpenApiDocument } from "./get-openapi-document";
import { toPostmanCollection, type PostmanCollection } from "./to-postman-collection";

// Converted once per process (the first conversion takes about half a second on our machines).
let cached: Promise<PostmanCollection> | undefined;

export function getPostmanCollection(): Promise<PostmanCollection> {
  cached ??= toPostmanCollection(getOpenApiDocument()).catch((error: unknown) => {
    cached = undefined; // let the next request try again
    throw error;
  });
  return cached;
}
