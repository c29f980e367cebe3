import type { RequiredPermission } from "@/lib/keys/permissions";
import { OPERATIONS } from "@/app/api/v1/operation-list";

// The log keeps a request's method and path, not its route: the operation is found again by
// matching the path against the documented templates, so the log needs no column for it and
// shows what the route requires today.
const MATCHERS = OPERATIONS.map((op) => ({
  method: op.method.toUpperCase(),
  pattern: new RegExp(`^${op.path.replace(/\{\w+\}/g, "[^/]+")}$`),
  permission: op.permission,
}));

/** What the operation behind a logged request requires, e.g. `{ leads: "write" }`; null for a
 * path no operation has. */
export function requiredPermissionOf(method: string, path: string): RequiredPermission | null {
  return MATCHERS.find((m) => m.method === method && m.pattern.test(path))?.permission ?? null;
}
