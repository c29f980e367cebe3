// The error codes a failed sign-in hands back to the form (through next-auth's `error`).
// Shared by the server check and the client form, so this file imports nothing.
export const INVALID_CREDENTIALS = "invalid_credentials";
export const LOCKED_PREFIX = "locked:";
/** The right password of a member an owner deactivated. */
export const DEACTIVATED = "deactivated";

export function lockedCode(lockedUntil: Date): string {
  return `${LOCKED_PREFIX}${lockedUntil.getTime()}`;
}

export const ADDRESS_LOCKED_PREFIX = "address_locked:";

export function addressLockedCode(lockedUntil: Date): string {
  return `${ADDRESS_LOCKED_PREFIX}${lockedUntil.getTime()}`;
}
