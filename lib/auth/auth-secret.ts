import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logger } from "@/lib/log/logger";

// Sessions are JWTs signed with this secret, so it must outlive the process: a secret made up
// at each start would sign everyone out on every restart. NEXTAUTH_SECRET wins; without it the
// first process to start writes one to .data/nextauth-secret (git-ignored) and every later
// start, and every other process on this machine, reads the same one.

let cached: string | undefined;

export function secretFilePath(): string {
  return path.resolve(
    /*turbopackIgnore: true*/ process.cwd(),
    process.env.NEXTAUTH_SECRET_FILE ?? ".data/nextauth-secret",
  );
}

function readSecret(file: string): string | undefined {
  try {
    const value = readFileSync(file, "utf8").trim();
    return value.length >= 32 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function getAuthSecret(): string {
  const fromEnv = process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET;
  if (fromEnv) return fromEnv;
  if (cached) return cached;
  const file = secretFilePath();
  let secret = readSecret(file);
  if (!secret) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      // "wx": two processes starting at once must not each write their own; the loser reads.
      writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
      logger.warn("NEXTAUTH_SECRET is not set: generated one in .data/nextauth-secret", { file });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    secret = readSecret(file);
    if (!secret) throw new Error(`could not read the session secret from ${file}; set NEXTAUTH_SECRET`);
  }
  cached = secret;
  return secret;
}
