import { MAX_EXPIRY_DAYS, MAX_OVERLAP_HOURS, expiryInDays } from "@/lib/keys/api-key-expiry";
import { apiKeyNameSchema } from "@/lib/keys/api-key-name-schema";
import { ACCESS_LEVELS, parsePermissionList, type ApiKeyPermissions } from "@/lib/keys/permissions";
import { UsageError } from "./usage";

// The api-key commands' flags, each refused as a UsageError (exit 2 with the usage) that names
// the flag, before anything is written.

const WHOLE = /^\d+$/;

export function nameFlag(value: string): string {
  const parsed = apiKeyNameSchema.safeParse({ name: value });
  if (!parsed.success) throw new UsageError(`--name: ${parsed.error.issues[0].message}`);
  return parsed.data.name;
}

/** `leads:read,properties:write`; an empty list would make a key that can call nothing. */
export function permissionsFlag(value: string): ApiKeyPermissions {
  // The schema's own word for a bad level names neither the entry nor the resource.
  const badLevel = value.split(",").find((part) => {
    const level = part.trim().split(":")[1];
    return level !== undefined && !(ACCESS_LEVELS as readonly string[]).includes(level);
  });
  if (badLevel) throw new UsageError(`--permissions: "${badLevel.trim()}": the level is none, read or write`);
  let permissions: ApiKeyPermissions;
  try {
    permissions = parsePermissionList(value);
  } catch (error) {
    throw new UsageError(`--permissions: ${(error as Error).message}`);
  }
  if (Object.keys(permissions).length === 0) {
    throw new UsageError("--permissions needs at least one RESOURCE:read|write (omit it for full access)");
  }
  return permissions;
}

export function expiresInDaysFlag(value: string): Date {
  const days = WHOLE.test(value) ? Number(value) : NaN;
  if (!(days >= 1 && days <= MAX_EXPIRY_DAYS)) {
    throw new UsageError(`--expires-in-days must be a whole number of days from 1 to ${MAX_EXPIRY_DAYS}`);
  }
  return expiryInDays(days);
}

export function overlapHoursFlag(value: string): number {
  const hours = WHOLE.test(value) ? Number(value) : NaN;
  if (!(hours >= 0 && hours <= MAX_OVERLAP_HOURS)) {
    throw new UsageError(`--overlap-hours must be a whole number of hours from 0 to ${MAX_OVERLAP_HOURS}`);
  }
  return hours;
}
