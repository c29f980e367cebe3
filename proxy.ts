import { withAuth, type NextMiddlewareWithAuth, type NextRequestWithAuth } from "next-auth/middleware";
import type { NextFetchEvent } from "next/server";
import { getAuthSecret } from "@/lib/auth/auth-secret";
import { SIGN_IN_PATH } from "@/lib/auth/home-path";

// The first guard of the signed-in app: no valid session cookie → /login?callbackUrl=…. It
// reads only the cookie. Pages and server actions check the session, the membership and the
// role again against the database (lib/auth/get-current-member.ts).

let guard: NextMiddlewareWithAuth | undefined;

function getGuard(): NextMiddlewareWithAuth {
  // Built on the first request, not at import, so `next build` never touches the secret file.
  guard ??= withAuth({ secret: getAuthSecret(), pages: { signIn: SIGN_IN_PATH } });
  return guard;
}

export async function proxy(req: NextRequestWithAuth, event: NextFetchEvent) {
  return getGuard()(req, event);
}

export const config = {
  // Off the API (its own key auth; the proxy's cost matters there), the docs, Next's assets,
  // files with an extension, the sign-in, sign-up, password reset and team invite pages, the development
  // outbox (/dev, a 404 unless mail is local) and the home page. Off the CSV upload too: a proxy
  // copies the body it sees, up to 10 MB, and hands the route only that much; the route checks the
  // session itself before it reads a byte (app/(app)/leads/import/upload/route.ts).
  matcher: [
    "/((?!(?:api|docs|login|signup|forgot-password|reset-password|invite|dev)(?:/|$)|leads/import/upload$|_next/|.*\\.\\w+$).+)",
  ],
};
