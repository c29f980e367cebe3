import { randomBytes } from "node:crypto";
import { getOrCreatePersistedSecret, persistedSecretPath } from "@/lib/startup/persisted-secret";

// Sessions are JWTs signed with this secret, so it must outlive the process: a secret made up
// at each start would sign everyone out on every restart. NEXTAUTH_SECRET wins; without it the
// first process to start writes one to .data/nextauth-secret (git-ignored) and every later
// start, and every other process on this machine, reads the same one.

export function getAuthSecret(): string {
  const fromEnv = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (fromEnv) return fromEnv;
  return getOrCreatePersistedSecret({
    variable: "NEXTAUTH_SECRET",
    file: persistedSecretPath(process.env.NEXTAUTH_SECRET_FILE, ".data/nextauth-secret"),
    generate: () => randomBytes(32).toString("base64url"),
    // Shorter than this is not one we wrote; refuse it rather than sign sessions with it.
    isValid: (value) => value.length >= 32,
  });
}
