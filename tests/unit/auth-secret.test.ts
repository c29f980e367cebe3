import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Sessions survive a restart only if the signing secret does: without NEXTAUTH_SECRET the
// first start writes one to a file and every later start (a fresh module) reads it back.
describe("the session secret", () => {
  let dir: string;
  const saved = { secret: process.env.NEXTAUTH_SECRET, file: process.env.NEXTAUTH_SECRET_FILE };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "lpm-secret-"));
    delete process.env.NEXTAUTH_SECRET;
    process.env.NEXTAUTH_SECRET_FILE = path.join(dir, "nested", "nextauth-secret");
    vi.resetModules();
  });

  afterEach(() => {
    if (saved.secret === undefined) delete process.env.NEXTAUTH_SECRET;
    else process.env.NEXTAUTH_SECRET = saved.secret;
    if (saved.file === undefined) delete process.env.NEXTAUTH_SECRET_FILE;
    else process.env.NEXTAUTH_SECRET_FILE = saved.file;
    rmSync(dir, { recursive: true, force: true });
  });

  it("is generated once, persisted privately, and read back after a restart", async () => {
    const first = (await import("@/lib/auth/auth-secret")).getAuthSecret();
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = process.env.NEXTAUTH_SECRET_FILE ?? "";
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    vi.resetModules();
    const second = (await import("@/lib/auth/auth-secret")).getAuthSecret();
    expect(second).toBe(first);
  });

  it("refuses a file too short to be one it wrote, and leaves it as it is", async () => {
    const file = process.env.NEXTAUTH_SECRET_FILE ?? "";
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "short");
    const { getAuthSecret } = await import("@/lib/auth/auth-secret");
    expect(() => getAuthSecret()).toThrow(/set NEXTAUTH_SECRET/);
    expect(readFileSync(file, "utf8")).toBe("short");
  });

  it("prefers NEXTAUTH_SECRET and then writes no file", async () => {
    process.env.NEXTAUTH_SECRET = "from-the-environment-0123456789abcdef";
    expect((await import("@/lib/auth/auth-secret")).getAuthSecret()).toBe("from-the-environment-0123456789abcdef");
    expect(() => statSync(process.env.NEXTAUTH_SECRET_FILE ?? "")).toThrow();
  });
});
