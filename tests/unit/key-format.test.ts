import { describe, expect, it } from "vitest";
import {
  DISPLAY_PREFIX_LENGTH,
  KEY_LENGTH,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "@/lib/keys/key-format";

describe("API key format", () => {
  it("generates lpm_ + 43 base62 chars + 6-char checksum, unique each time", () => {
    const keys = Array.from({ length: 200 }, () => generateApiKey());
    for (const { key, hash, prefix } of keys) {
      expect(key).toMatch(/^lpm_[0-9A-Za-z]{49}$/);
      expect(key).toHaveLength(KEY_LENGTH);
      expect(isWellFormedApiKey(key)).toBe(true);
      expect(hash).toBe(hashApiKey(key));
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(prefix).toBe(key.slice(0, DISPLAY_PREFIX_LENGTH));
    }
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
  });

  it("rejects a one-character typo anywhere by checksum", () => {
    const { key } = generateApiKey();
    for (let i = 4; i < key.length; i++) {
      const replacement = key[i] === "a" ? "b" : "a";
      const typo = key.slice(0, i) + replacement + key.slice(i + 1);
      expect(isWellFormedApiKey(typo), `typo at ${i}`).toBe(false);
    }
  });

  it("rejects wrong prefix, length and alphabet", () => {
    const { key } = generateApiKey();
    expect(isWellFormedApiKey(`sk_${key.slice(4)}`)).toBe(false);
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}x`)).toBe(false);
    expect(isWellFormedApiKey(`${key.slice(0, 10)}-${key.slice(11)}`)).toBe(false);
    expect(isWellFormedApiKey("")).toBe(false);
  });
});
