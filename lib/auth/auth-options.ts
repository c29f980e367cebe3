import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { NO_ORIGIN, requestOrigin } from "@/lib/audit/request-origin";
import { getAuthSecret } from "./auth-secret";
import { authorizeCredentials } from "./authorize-credentials";
import { SIGN_IN_PATH } from "./home-path";

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

let options: NextAuthOptions | undefined;

// Built on first use, not at import: `next build` imports this module, and reading or writing
// the secret file then would be wrong.
export function getAuthOptions(): NextAuthOptions {
  options ??= {
    secret: getAuthSecret(),
    // Secure (and __Secure- prefixed) cookies whenever the app is served over https, as in
    // production; plain http only for local runs and tests on 127.0.0.1.
    useSecureCookies: (process.env.NEXTAUTH_URL ?? "").startsWith("https://"),
    // JWT sessions: nothing to store, and they survive a restart because the secret does.
    session: { strategy: "jwt", maxAge: THIRTY_DAYS_S },
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
            req?.headers ? requestOrigin(req.headers) : NO_ORIGIN,
          ),
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.userId = user.id;
          token.accountId = user.accountId;
          token.role = user.role;
          token.sessionVersion = user.sessionVersion;
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
            // Sessions from before versions existed count as version 0, the column's default.
            sessionVersion: token.sessionVersion ?? 0,
          };
        }
        return session;
      },
    },
  };
  return options;
}
