import { assertPermitted } from "@/lib/keys/assert-permitted";
import { ApiError } from "@/lib/errors/api-error";
import {
  PERMISSION_RESOURCES,
  permissionName,
  type AccessLevel,
  type ApiKeyPermissions,
  type PermissionResource,
  type RequiredPermission,
} from "@/lib/keys/permissions";
import type { ErrorExample } from "./error-catalogue";

// How the document states what an operation needs: the names (`leads:write`) for the
// `x-required-permissions` extension and the sentence in its description.

/** `{ leads: "write" }` → `["leads:write"]`. */
export const requiredPermissionNames = (required: RequiredPermission): string[] =>
  (Object.entries(required) as [PermissionResource, AccessLevel][]).map(([r, l]) => permissionName(r, l));

export function requiredPermissionSentence(required: RequiredPermission): string {
  const names = requiredPermissionNames(required).map((name) => `\`${name}\``);
  return `Requires the ${names.join(" and ")} permission${names.length > 1 ? "s" : ""}.`;
}

/** The 403 this operation answers to a key one step short (read where it writes, nothing where
 * it reads), taken from the API's own check so the example cannot drift from the real answer. */
export function insufficientPermissionsExample(required: RequiredPermission): ErrorExample {
  const oneStepShort: ApiKeyPermissions = {};
  for (const [resource, level] of Object.entries(required) as [PermissionResource, AccessLevel][]) {
    const hasRead = (PERMISSION_RESOURCES[resource].levels as readonly AccessLevel[]).includes("read");
    if (level === "write" && hasRead) oneStepShort[resource] = "read";
  }
  try {
    assertPermitted(oneStepShort, required);
  } catch (error) {
    if (error instanceof ApiError) return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error(`No key is short of ${requiredPermissionNames(required).join(", ")}`);
}
