import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getOrCreatePersistedSecret, persistedSecretPath } from "@/lib/startup/persisted-secret";

// Secrets we must be able to use again later (webhook signing secrets) are stored sealed with
// AES-256-GCM, so a copy of the database alone does not reveal them. The key is
// DATA_ENCRYPTION_KEY; without it the embedded default generates one into .data/ once, because a
// key that changed on restart would make every stored secret unreadable.
//
// Sealed form: v1.<iv>.<tag>.<ciphertext>, each part base64url. "v1" names this format and key,
// so a rotated key can come as "v2" and both be opened while rows are re-sealed.

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
// The version is authenticated too, so a value cannot be relabelled to another version's key.
const AAD = Buffer.from(VERSION);

export function sealSecret(plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", dataEncryptionKey(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString("base64url"))].join(".");
}

export function openSecret(sealed: string): string {
  // The messages never quote the input: a plaintext secret passed here by mistake would be in it.
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) {
    throw new Error(`not a sealed secret: expected ${VERSION}.<iv>.<tag>.<ciphertext>`);
  }
  const [iv, tag, ciphertext] = parts.slice(1).map(decode);
  // A fixed tag length: GCM would otherwise accept a truncated tag, which is easier to forge.
  if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new Error("not a sealed secret: its iv, tag or ciphertext is malformed");
  }
  const decipher = createDecipheriv("aes-256-gcm", dataEncryptionKey(), iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(AAD);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    // Node's own message ("Unsupported state or unable to authenticate data") does not say why.
    throw new Error(
      "a sealed secret failed authentication: it was altered, or sealed with another DATA_ENCRYPTION_KEY",
    );
  }
}

// undefined for a part that is not base64url, so "v1.a.b.c!" is refused rather than half-read.
function decode(part: string): Buffer | undefined {
  return /^[A-Za-z0-9_-]*$/.test(part) ? Buffer.from(part, "base64url") : undefined;
}

// Read on every call (no cache): the variable is one lookup, and the generated file is cached
// by getOrCreatePersistedSecret.
function dataEncryptionKey(): Buffer {
  const fromEnv = process.env.DATA_ENCRYPTION_KEY?.trim();
  if (fromEnv) return parseKey(fromEnv, "DATA_ENCRYPTION_KEY");
  const file = persistedSecretPath(process.env.DATA_ENCRYPTION_KEY_FILE, ".data/data-encryption-key");
  const stored = getOrCreatePersistedSecret({
    variable: "DATA_ENCRYPTION_KEY",
    file,
    generate: () => randomBytes(KEY_BYTES).toString("base64url"),
    isValid: (value) => decodeKey(value)?.length === KEY_BYTES,
  });
  return parseKey(stored, file);
}

// The message names where the key came from and its decoded length, never the value.
function parseKey(encoded: string, source: string): Buffer {
  const key = decodeKey(encoded);
  if (key?.length === KEY_BYTES) return key;
  const found = key ? `${key.length} bytes` : "not base64";
  throw new Error(
    `${source} must be ${KEY_BYTES} bytes in base64 or base64url (e.g. \`openssl rand -base64 32\`); found ${found}`,
  );
}

// Node's base64 decoder takes both alphabets but skips characters it does not know; check first
// so a typo is an error rather than a shorter key.
function decodeKey(encoded: string): Buffer | undefined {
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded) ? Buffer.from(encoded, "base64") : undefined;
}
