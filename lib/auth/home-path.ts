// Imported by the proxy and client forms: keep this file free of server-only imports.
export const SIGN_IN_PATH = "/login";

// Where a user lands after signing in when no page asked for the sign-in: the dashboard, for
// owners (who find their setup steps there) and staff alike.
const HOME_PATHS: Record<Role, string> = { owner: "/dashboard", staff: "/dashboard" };

export function homePathFor(role: Role): string {
  return HOME_PATHS[role];
}

/**
 * The page to return to after sign-in, if it is on this site: no open redirects. next-auth's
 * proxy passes a path; a full URL is accepted only for `origin` (the site's own).
 */
export function safeCallbackPath(callbackUrl: string | null | undefined, origin: string): string | null {
  if (!callbackUrl) return null;
  let url: URL;
  try {
    url = new URL(callbackUrl, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}`;
  if (path === "/" || path.startsWith("/login") || path.startsWith("/signup")) return null;
  return path;
}
import { type Role } from "@/lib/domain/enums";
