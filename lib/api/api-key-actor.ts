import type { Actor } from "@/lib/activities/record-activity";
import type { ApiKeyContext } from "./authenticate-api-key";

/** Changes made through the API are attributed to the key, by name. */
export const apiKeyActor = (key: ApiKeyContext): Actor => ({ type: "api_key", id: key.id, name: key.name });
