import { ApiError } from "@/lib/errors/api-error";
import {
  PERMISSION_RESOURCES,
  missingPermission,
  permissionName,
  type ApiKeyPermissions,
  type RequiredPermission,
} from "@/lib/keys/permissions";

type MissingPermission = NonNullable<ReturnType<typeof missingPermission>>;

const CHANGE_IT = "An owner can change the key's permissions in Settings → Public API.";

/** 403 insufficient_permissions; its details name the permission needed and what the key has.
 * `refused` says what the key cannot do, when it is more than the operation itself. */
export function insufficientPermissions(missing: MissingPermission, refused?: string): ApiError {
  const needed = permissionName(missing.resource, missing.needed);
  const label = PERMISSION_RESOURCES[missing.resource].label.toLowerCase();
  const message = refused
    ? `This API key cannot ${refused}: that needs ${needed}. ${CHANGE_IT}`
    : `This API key cannot ${missing.needed} ${label}: the operation needs ${needed}. ${CHANGE_IT}`;
  return new ApiError("insufficient_permissions", message, [
    {
      path: `permissions.${missing.resource}`,
      message: `Needs ${needed}; this key has ${permissionName(missing.resource, missing.granted)}.`,
      permission: needed,
    },
  ]);
}

/** 403 insufficient_permissions when the key lacks what the route declared. */
export function assertPermitted(permissions: ApiKeyPermissions | null, required: RequiredPermission): void {
  const missing = missingPermission(permissions, required);
  if (missing) throw insufficientPermissions(missing);
}
