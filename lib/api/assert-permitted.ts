import { ApiError } from "@/lib/errors/api-error";
import {
  PERMISSION_RESOURCES,
  missingPermission,
  permissionName,
  type ApiKeyPermissions,
  type RequiredPermission,
} from "@/lib/keys/permissions";

/** 403 insufficient_permissions when the key lacks what the route declared; its details name
 * the permission needed and what the key has. */
export function assertPermitted(permissions: ApiKeyPermissions | null, required: RequiredPermission): void {
  const missing = missingPermission(permissions, required);
  if (!missing) return;
  const needed = permissionName(missing.resource, missing.needed);
  const label = PERMISSION_RESOURCES[missing.resource].label.toLowerCase();
  throw new ApiError(
    "insufficient_permissions",
    `This API key cannot ${missing.needed} ${label}: the operation needs ${needed}. An owner can change the key's permissions in Settings → Public API.`,
    [
      {
        path: `permissions.${missing.resource}`,
        message: `Needs ${needed}; this key has ${permissionName(missing.resource, missing.granted)}.`,
        permission: needed,
      },
    ],
  );
}
