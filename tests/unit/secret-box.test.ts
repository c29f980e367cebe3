import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type SecretBox = typeof import("@/lib/crypto/secret-box");

const ROOT = path.resolve(__dirname, "../..");
const PLAINTEXT = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const saved = { key: process.env.DATA_ENCRYPTION_KEY, file: process.env.DATA_ENCRYPTION_KEY_FILE };

// A fresh module each time, as after a restart: nothing survives but the key file.
async function freshBox(): Promise<SecretBox> {
  vi.resetModules();
  return import("@/lib/crypto/secret-box");
}

// Changes the first character of one dot-separated part; the first one always carries whole
// bits of the first byte (the last one of a part may carry only padding bits).
function alter(sealed: string, part: number): string {
  const parts = sealed.split(".");
  parts[part] = (parts[part][0] === "A" ? "B" : "A") + parts[part].slice(1);
  return parts.join(".");
}

function restore(name: "DATA_ENCRYPTION_KEY" | "DATA_ENCRYPTION_KEY_FILE", value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe("sealed secrets", () => {
  let dir: string;
  let keyFile: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "lpm-secret-box-"));
    keyFile = path.join(dir, "nested", "data-encryption-key");
    delete process.env.DATA_ENCRYPTION_KEY;
    process.env.DATA_ENCRYPTION_KEY_FILE = keyFile;
  });

  afterEach(() => {
    restore("DATA_ENCRYPTION_KEY", saved.key);
    restore("DATA_ENCRYPTION_KEY_FILE", saved.file);
    rmSync(dir, { recursive: true, force: true });
  });

  it("open to what was sealed, with a fresh iv each time and nothing of the plaintext in them", async () => {
    const { sealSecret, openSecret } = await freshBox();
    for (const plaintext of [PLAINTEXT, "", "mot de passe • ☂"]) {
      const sealed = sealSecret(plaintext);
      expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
      expect(openSecret(sealed)).toBe(plaintext);
    }
    const [a, b] = [sealSecret(PLAINTEXT), sealSecret(PLAINTEXT)];
    expect(a).not.toBe(b);
    expect(a).not.toContain(PLAINTEXT.slice(6, 16));
  });

  it("refuse a value altered anywhere, without quoting it", async () => {
    const { sealSecret, openSecret } = await freshBox();
    const sealed = sealSecret(PLAINTEXT);
    const [, iv, tag, ciphertext] = sealed.split(".");
    const altered = [
      alter(sealed, 1),
      alter(sealed, 2),
      alter(sealed, 3),
      `v2.${iv}.${tag}.${ciphertext}`,
      `v1.${iv}.${tag.slice(0, 8)}.${ciphertext}`, // a truncated tag
      `v1.${iv}.${tag}.${ciphertext}!`,
      `${sealed}.extra`,
      PLAINTEXT,
    ];
    for (const value of altered) {
      expect(() => openSecret(value)).toThrow(/failed authentication|not a sealed secret/);
      try {
        openSecret(value);
      } catch (error) {
        expect(String(error)).not.toContain(PLAINTEXT);
        expect(String(error)).not.toContain(ciphertext);
      }
    }
  });

  it("sealed under one key do not open under another, and the error names neither key", async () => {
    const [first, second] = [randomBytes(32).toString("base64"), randomBytes(32).toString("base64")];
    process.env.DATA_ENCRYPTION_KEY = first;
    const { sealSecret, openSecret } = await freshBox();
    const sealed = sealSecret(PLAINTEXT);
    process.env.DATA_ENCRYPTION_KEY = second;
    expect(() => openSecret(sealed)).toThrow(/sealed with another DATA_ENCRYPTION_KEY/);
    try {
      openSecret(sealed);
    } catch (error) {
      for (const secret of [first, second, PLAINTEXT]) expect(String(error)).not.toContain(secret);
    }
    process.env.DATA_ENCRYPTION_KEY = first;
    expect(openSecret(sealed)).toBe(PLAINTEXT);
  });

  it("take DATA_ENCRYPTION_KEY in base64 or base64url alike, and then write no file", async () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i)); // "+" and "/" in base64
    process.env.DATA_ENCRYPTION_KEY = key.toString("base64");
    expect(process.env.DATA_ENCRYPTION_KEY).toMatch(/[+/]/);
    const { sealSecret, openSecret } = await freshBox();
    const sealed = sealSecret(PLAINTEXT);
    process.env.DATA_ENCRYPTION_KEY = key.toString("base64url");
    expect(openSecret(sealed)).toBe(PLAINTEXT);
    expect(() => statSync(keyFile)).toThrow();
  });

  it.each([
    ["16 bytes", randomBytes(16).toString("base64"), /found 16 bytes/],
    ["33 bytes", randomBytes(33).toString("base64url"), /found 33 bytes/],
    ["not base64", "this is not a key, it has spaces!", /found not base64/],
  ])("refuse a DATA_ENCRYPTION_KEY of %s, naming the variable but not the value", async (_, value, found) => {
    process.env.DATA_ENCRYPTION_KEY = value;
    const { sealSecret } = await freshBox();
    expect(() => sealSecret(PLAINTEXT)).toThrow(/^DATA_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => sealSecret(PLAINTEXT)).toThrow(found);
    try {
      sealSecret(PLAINTEXT);
    } catch (error) {
      expect(String(error)).not.toContain(value);
    }
  });

  it("without DATA_ENCRYPTION_KEY use a key generated once, kept private, and read back after a restart", async () => {
    const sealed = (await freshBox()).sealSecret(PLAINTEXT);
    const stored = readFileSync(keyFile, "utf8");
    expect(Buffer.from(stored, "base64url")).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o077).toBe(0);
    const restarted = await freshBox();
    expect(restarted.openSecret(sealed)).toBe(PLAINTEXT);
    restarted.sealSecret(PLAINTEXT);
    expect(readFileSync(keyFile, "utf8")).toBe(stored);
  });

  it("never replace an unusable key file: that would lose every secret sealed with it", async () => {
    (await freshBox()).sealSecret(PLAINTEXT); // creates the folder
    writeFileSync(keyFile, "too-short");
    const { sealSecret } = await freshBox();
    expect(() => sealSecret(PLAINTEXT)).toThrow(/does not hold a usable value for DATA_ENCRYPTION_KEY/);
    expect(readFileSync(keyFile, "utf8")).toBe("too-short");
  });

  it("agree on one generated key when several processes start at once", async () => {
    const go = path.join(dir, "go");
    // Each child loads the module, says so, waits for the go file, then seals: the first calls
    // happen together, not one tsx start-up apart.
    const script = [
      `const { existsSync } = require("node:fs");`,
      `const { sealSecret } = require("./lib/crypto/secret-box.ts");`,
      `process.stdout.write("ready\\n");`,
      `while (!existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);`,
      `process.stdout.write(sealSecret(${JSON.stringify(PLAINTEXT)}) + "\\n");`,
    ].join("\n");
    const children = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ["--import", "tsx", "-e", script], { cwd: ROOT, env: process.env }),
    );
    const outputs = children.map(
      (child) =>
        new Promise<{ stdout: string[]; stderr: string }>((resolve, reject) => {
          let [stdout, stderr] = ["", ""];
          child.stdout.on("data", (chunk) => (stdout += chunk));
          child.stderr.on("data", (chunk) => (stderr += chunk));
          child.on("exit", (code) =>
            code === 0 ? resolve({ stdout: stdout.trim().split("\n"), stderr }) : reject(new Error(stderr)),
          );
        }),
    );
    await Promise.all(children.map((child) => new Promise((resolve) => child.stdout.once("data", resolve))));
    writeFileSync(go, "");
    const results = await Promise.all(outputs);
    const { openSecret } = await freshBox();
    for (const { stdout } of results) {
      expect(stdout[0]).toBe("ready");
      expect(openSecret(stdout[1])).toBe(PLAINTEXT);
    }
    // One process generated the key; the others read it.
    const generated = results.filter(({ stderr }) => stderr.includes("DATA_ENCRYPTION_KEY is not set"));
    expect(generated).toHaveLength(1);
  });
});
