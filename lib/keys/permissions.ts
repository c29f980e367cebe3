import { z } from "zod";

// What an API key may do, per resource: none, read or write (write includes read). A key's
// permissions are null for "Full access" (every resource, including ones added later, as a
// Stripe standard key) or a map for a restricted key. Routes declare what they need
// (`{ leads: "write" }`), and lib/api/handler.ts checks it before reading any input.

export const ACCESS_LEVELS = ["none", "read", "write"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Each resource and the levels that mean something for it. */
export const PERMISSION_RESOURCES = {
  leads: { label: "Leads", levels: ["none", "read", "write"] },
  properties: { label: "Properties", levels: ["none", "read", "write"] },
  visits: { label: "Visits", levels: ["none", "read", "write"] },
  tasks: { label: "Tasks", levels: ["none", "read", "write"] },
  activities: { label: "Activities", levels: ["none", "read"] },
  sms: { label: "SMS", levels: ["none", "read", "write"] },
  events: { label: "Events", levels: ["none", "read"] },
  webhook_endpoints: { label: "Webhook endpoints", levels: ["none", "read", "write"] },
  custom_fields: { label: "Custom fields", levels: ["none", "read"] },
  users: { label: "Users", levels: ["none", "read"] },
} as const satisfies Record<string, { label: string; levels: readonly AccessLevel[] }>;

export type PermissionResource = keyof typeof PERMISSION_RESOURCES;
export const RESOURCE_NAMES = Object.keys(PERMISSION_RESOURCES) as PermissionResource[];

/** A restricted key's grants; a resource left out is `none`. */
export type ApiKeyPermissions = Partial<Record<PermissionResource, AccessLevel>>;

// The api_keys table's `permissions` column (db/schema/domain-types.ts).
declare module "@/db/schema/domain-types" {
  interface DomainTypes {
    apiKeyPermissions: ApiKeyPermissions;
  }
}

/** What one operation needs, e.g. `{ leads: "write" }`. */
export type RequiredPermission = Partial<Record<PermissionResource, "read" | "write">>;

export const PERMISSION_PRESETS = ["full_access", "read_only", "custom"] as const;
export type PermissionPreset = (typeof PERMISSION_PRESETS)[number];

const RANK: Record<AccessLevel, number> = { none: 0, read: 1, write: 2 };

/** The highest level each resource allows, capped at read: the "Read only" preset. */
export const READ_ONLY_PERMISSIONS: ApiKeyPermissions = Object.fromEntries(
  RESOURCE_NAMES.map((r) => [
    r,
    (PERMISSION_RESOURCES[r].levels as readonly AccessLevel[]).includes("read") ? "read" : "none",
  ]),
);

export const levelOf = (permissions: ApiKeyPermissions | null, resource: PermissionResource): AccessLevel =>
  permissions === null ? "write" : (permissions[resource] ?? "none");

/** The first requirement the key does not meet, or null when it meets them all. */
export function missingPermission(
  permissions: ApiKeyPermissions | null,
  required: RequiredPermission,
): { resource: PermissionResource; needed: "read" | "write"; granted: AccessLevel } | null {
  if (permissions === null) return null;
  for (const resource of Object.keys(required) as PermissionResource[]) {
    const needed = required[resource]!;
    const granted = levelOf(permissions, resource);
    if (RANK[granted] < RANK[needed]) return { resource, needed, granted };
  }
  return null;
}

/** `leads:write`, as the API's errors, the document and the CLI write a permission. */
export const permissionName = (resource: PermissionResource, level: AccessLevel) => `${resource}:${level}`;

export const requiredPermissionName = (required: RequiredPermission) =>
  (Object.entries(required) as [PermissionResource, AccessLevel][]).map(([r, l]) => permissionName(r, l)).join(", ");

/** Drops `none` entries and orders by resource, so equal grants store and compare equal. */
export function normalizePermissions(permissions: ApiKeyPermissions): ApiKeyPermissions {
  const out: ApiKeyPermissions = {};
  for (const resource of RESOURCE_NAMES) {
    const level = permissions[resource];
    if (level && level !== "none") out[resource] = level;
  }
  return out;
}

/** Which preset a key's permissions are, for the key list and the request log. */
export function presetOf(permissions: ApiKeyPermissions | null): PermissionPreset {
  if (permissions === null) return "full_access";
  const normal = normalizePermissions(permissions);
  const readOnly = normalizePermissions(READ_ONLY_PERMISSIONS);
  return JSON.stringify(normal) === JSON.stringify(readOnly) ? "read_only" : "custom";
}

export const PRESET_LABELS: Record<PermissionPreset, string> = {
  full_access: "Full access",
  read_only: "Read only",
  custom: "Restricted",
};

/** One line for lists and the audit log: `Full access`, or `leads:read, properties:write`. */
export function describePermissions(permissions: ApiKeyPermissions | null): string {
  if (permissions === null) return PRESET_LABELS.full_access;
  const granted = (Object.entries(normalizePermissions(permissions)) as [PermissionResource, AccessLevel][]).map(
    ([r, l]) => permissionName(r, l),
  );
  return granted.length ? granted.join(", ") : "No access";
}

/** A restricted key's grants as stored and as forms and the CLI send them; unknown resources
 * and levels a resource does not have are refused with a message naming them. */
export const apiKeyPermissionsSchema = z
  .record(z.string(), z.enum(ACCESS_LEVELS))
  .superRefine((value, ctx) => {
    for (const [resource, level] of Object.entries(value)) {
      const spec = PERMISSION_RESOURCES[resource as PermissionResource];
      if (!spec) {
        ctx.addIssue({ code: "custom", path: [resource], message: `Unknown resource "${resource}".` });
      } else if (!(spec.levels as readonly AccessLevel[]).includes(level)) {
        ctx.addIssue({
          code: "custom",
          path: [resource],
          message: `${spec.label} can be ${spec.levels.join(" or ")}, not ${level}.`,
        });
      }
    }
  })
  .transform((value) => normalizePermissions(value as ApiKeyPermissions));

/** `leads:read,properties:write` (the CLI's --permissions) → a restricted key's grants. */
export function parsePermissionList(list: string): ApiKeyPermissions {
  const entries = list
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [resource, level, ...rest] = part.split(":");
      if (!resource || !level || rest.length) throw new Error(`"${part}" is not RESOURCE:LEVEL`);
      return [resource, level] as const;
    });
  const parsed = apiKeyPermissionsSchema.safeParse(Object.fromEntries(entries));
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join(" "));
  return parsed.data;
}
