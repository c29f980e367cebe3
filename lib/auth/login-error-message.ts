import { ADDRESS_LOCKED_PREFIX, DEACTIVATED, INVALID_CREDENTIALS, LOCKED_PREFIX } from "./sign-in-codes";

// Turns the error code next-auth hands back from a failed sign-in into words for the form.
// Imported by the client-side form, so it must not import anything server-only.
export function loginErrorMessage(code: string | null | undefined, now = Date.now()): string | null {
  if (!code) return null;
  if (code.startsWith(LOCKED_PREFIX)) {
    const until = Number(code.slice(LOCKED_PREFIX.length));
    const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
    return `Too many failed sign-in attempts for this email. Sign-in is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}; try again later.`;
  }
  if (code.startsWith(ADDRESS_LOCKED_PREFIX)) {
    const until = Number(code.slice(ADDRESS_LOCKED_PREFIX.length));
    const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
    return `Too many failed sign-in attempts from your network. Sign-in from it is paused for ${minutes} more minute${minutes === 1 ? "" : "s"}; try again later.`;
  }
  if (code === DEACTIVATED)
    return "Your access to this account was deactivated. Ask an account owner to reactivate it.";
  if (code === INVALID_CREDENTIALS || code === "CredentialsSignin") return "Invalid email or password";
  return "Sign-in failed. Please try again.";
}
