import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { UNKNOWN_CLIENT, requestClient } from "@/lib/audit/request-client";
import { describeError } from "@/lib/log/describe-error";
import { logger } from "@/lib/log/logger";
import { trustHostOnEmbeddedDefault } from "./auth-origin";
import { getAuthSecret } from "./auth-secret";
import { authorizeCredentials } from "./authorize-credentials";
import { SIGN_IN_PATH } from "./home-path";
import { endSession } from "./sessions/end-sessions";
import { sessionIsLive } from "./sessions/session-is-live";
import { SESSION_ABSOLUTE_MS } from "./sessions/session-lifetime";

/** Thrown from the jwt callback for a session that no longer stands: next-auth then answers
 * "no session" and clears the cookie, at the session endpoint and in getServerSession alike. */
class SessionEndedError extends Error {
  constructor() {
    super("The session has ended.");
    this.name = "SessionEndedError";
  }
}

let options: NextAuthOptions | undefined;

// Built on first use, not at import: `next build` imports this module, and reading or writing
// the secret file then would be wrong.
export function getAuthOptions(): NextAuthOptions {
  if (!options) trustHostOnEmbeddedDefault();
  options ??= {
    secret: getAuthSecret(),
    // Secure (and __Secure- prefixed) cookies whenever the app is served over https, as in
    // production; plain http only for local runs and tests on 127.0.0.1.
    useSecureCookies: (process.env.NEXTAUTH_URL ?? "").startsWith("https://"),
    // JWT cookies naming a server-side session (lib/auth/sessions/): the row decides whether the
    // cookie still opens anything, so signing out ends it for good. The cookie lives as long as
    // the absolute limit; next-auth re-issues it on each session request, but the row's own end
    // does not move.
    session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_MS / 1000 },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        // Errors thrown here reach the sign-in form as `error` (see login-error-message.ts).
        // next-auth hands over the request's headers as a plain object: the audit log's origin.
        authorize: async (credentials, req) =>
          authorizeCredentials(
            credentials?.email ?? "",
            credentials?.password ?? "",
            req?.headers ? requestClient(req.headers) : UNKNOWN_CLIENT,
          ),
      }),
    ],
    callbacks: {
      // Runs at sign-in (with `user`) and on every session read: each page's getServerSession
      // and GET /api/auth/session. A token without a standing session, or from before sessions
      // had rows, opens nothing.
      async jwt({ token, user }) {
        if (user) {
          token.userId = user.id;
          token.accountId = user.accountId;
          token.role = user.role;
          token.sessionId = user.sessionId;
          return token;
        }
        if (!token.sessionId || !token.userId) throw new SessionEndedError();
        if (!(await sessionIsLive({ sessionId: token.sessionId, userId: token.userId }))) {
          throw new SessionEndedError();
        }
        return token;
      },
      session({ session, token }) {
        if (token.userId && token.accountId && token.role) {
          session.user = {
            id: token.userId,
            accountId: token.accountId,
            role: token.role,
            name: token.name ?? "",
            email: token.email ?? "",
          };
        }
        return session;
      },
    },
    logger: {
      // A cookie whose session has ended is an everyday event (a kept cookie after sign-out),
      // not an error to log on every page it reaches. Anything else, through our logger: the
      // error's code and message only, as every log line about an error.
      error(code, metadata) {
        const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown }).error;
        if (error instanceof SessionEndedError) return;
        logger.error("next-auth error", { code, error: describeError(error ?? metadata) });
      },
      warn(code) {
        logger.warn("next-auth warning", { code });
      },
    },
    events: {
      // POST /api/auth/signout: the session row goes, so a copy of the cookie is worthless.
      async signOut({ token }) {
        if (token?.sessionId) await endSession(token.sessionId);
      },
    },
  };
  return options;
}
