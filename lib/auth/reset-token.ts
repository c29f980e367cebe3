import { createHash, randomBytes } from "node:crypto";

// A reset link's token: 32 random bytes, base64url in the link. Only its SHA-256 is stored (a
// fast hash is right for 256 random bits: nothing to brute-force), so a copy of the database
// opens no one's account.
export const RESET_TOKEN_TTL_MINUTES = 60;

export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashResetToken(token) };
}
