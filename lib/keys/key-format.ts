import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

// Key format: "lpm_" + 32 random bytes in base62 (43 chars) + CRC32 of that body in base62
// (6 chars). Secret scanners recognise the prefix; a typo fails the checksum without a
// database read. Only the SHA-256 of the whole key is stored.

const KEY_PREFIX = "lpm_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 43; // ceil(256 / log2(62))
const CHECKSUM_LENGTH = 6; // ceil(32 / log2(62))
export const KEY_LENGTH = KEY_PREFIX.length + BODY_LENGTH + CHECKSUM_LENGTH;
/** The part of a key the settings panel shows after creation. */
export const DISPLAY_PREFIX_LENGTH = 12;

function toBase62(value: bigint, width: number): string {
  let out = "";
  let rest = value;
  while (rest > 0n) {
    out = ALPHABET[Number(rest % 62n)] + out;
    rest /= 62n;
  }
  return out.padStart(width, "0");
}

function checksum(body: string): string {
  return toBase62(BigInt(crc32(body)), CHECKSUM_LENGTH);
}

export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const body = toBase62(BigInt(`0x${randomBytes(32).toString("hex")}`), BODY_LENGTH);
  const key = `${KEY_PREFIX}${body}${checksum(body)}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** Shape and checksum only: true means the key is worth looking up. */
export function isWellFormedApiKey(key: string): boolean {
  if (key.length !== KEY_LENGTH || !key.startsWith(KEY_PREFIX)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + BODY_LENGTH);
  const sum = key.slice(KEY_PREFIX.length + BODY_LENGTH);
  for (const ch of body + sum) if (!ALPHABET.includes(ch)) return false;
  return checksum(body) === sum;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}
