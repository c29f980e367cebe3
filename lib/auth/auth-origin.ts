// next-auth (v4) builds its callback and redirect URLs from the app's public origin: NEXTAUTH_URL.
// Without it, next-auth warns at its first request (in the server log, and through its client
// logger in the browser) and falls back to http://localhost:3000 whatever the port.
//
// On the embedded default (no DATABASE_URL: a developer's own machine, `npm run dev` on any port)
// nobody sets it, so there the origin is the request's own Host (next-auth's AUTH_TRUST_HOST).
// Anywhere else a Host header is the client's to forge into a redirect: production keeps
// NEXTAUTH_URL, and its warning says so when it is missing.

type Env = Partial<Record<string, string>>;

/** Sets AUTH_TRUST_HOST on the embedded default when NEXTAUTH_URL is not set; answers whether it did. */
export function trustHostOnEmbeddedDefault(env: Env = process.env): boolean {
  if (env.NEXTAUTH_URL || env.DATABASE_URL || env.AUTH_TRUST_HOST !== undefined) return false;
  env.AUTH_TRUST_HOST = "true";
  return true;
}
