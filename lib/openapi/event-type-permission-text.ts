import { EVENT_TYPES } from "@/lib/domain/enums";
import { EVENT_OBJECT_RESOURCES } from "@/lib/keys/event-type-permissions";
import { permissionName } from "@/lib/keys/permissions";

// The document's one wording of which event types a key may read (GET /events, webhook
// endpoints), built from the mapping the API checks so the two cannot drift.

const typesOf = (object: string) => {
  const types = EVENT_TYPES.filter((type) => type.startsWith(`${object}.`));
  return types.length > 1 ? `\`${object}.*\`` : `\`${types[0]}\``;
};

/** "`lead.*` needs `leads:read`, `property.*` `properties:read`, …" */
export const EVENT_TYPE_PERMISSIONS_TEXT = Object.entries(EVENT_OBJECT_RESOURCES)
  .map(
    ([object, resource], i) => `${typesOf(object)} ${i === 0 ? "needs " : ""}\`${permissionName(resource, "read")}\``,
  )
  .join(", ");
