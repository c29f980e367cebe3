import {
  PERMISSION_RESOURCES,
  RESOURCE_NAMES,
  levelOf,
  presetOf,
  type AccessLevel,
  type ApiKeyPermissions,
  type PermissionPreset,
} from "@/lib/keys/permissions";

// The permission controls' data, built on the server and passed to the client forms as props,
// so the browser gets plain lists and never the zod schemas that live beside them.

const LEVEL_LABELS: Record<AccessLevel, string> = { none: "None", read: "Read", write: "Write" };

export interface ResourceChoice {
  resource: string;
  label: string;
  levels: { value: AccessLevel; label: string }[];
}

/** One control per resource, offering only the levels that resource has. */
export const RESOURCE_CHOICES: ResourceChoice[] = RESOURCE_NAMES.map((resource) => ({
  resource,
  label: PERMISSION_RESOURCES[resource].label,
  levels: PERMISSION_RESOURCES[resource].levels.map((value) => ({ value, label: LEVEL_LABELS[value] })),
}));

export interface AccessDefaults {
  preset: PermissionPreset;
  /** What each resource's control starts at once "Custom" is picked. */
  levels: Record<string, AccessLevel>;
}

/** A new key starts as Stripe's do: full access, and a custom choice starting from nothing. */
export const NEW_KEY_ACCESS: AccessDefaults = {
  preset: "full_access",
  levels: Object.fromEntries(RESOURCE_NAMES.map((r) => [r, "none"])),
};

/** A key's current access, for "Edit permissions": full access shows as the most each
 * resource allows (Activities: read), so switching to Custom starts from what the key can do. */
export function accessDefaultsOf(permissions: ApiKeyPermissions | null): AccessDefaults {
  const levels = Object.fromEntries(
    RESOURCE_NAMES.map((resource) => {
      const allowed = PERMISSION_RESOURCES[resource].levels as readonly AccessLevel[];
      const level = levelOf(permissions, resource);
      return [resource, allowed.includes(level) ? level : allowed[allowed.length - 1]];
    }),
  );
  return { preset: presetOf(permissions), levels };
}
