import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli";

const ROOT = path.resolve(__dirname, "../..");
const base = mkdtempSync(path.join(tmpdir(), "lpm-lock-"));
const dataDir = path.join(base, "pglite");
const embeddedEnv = { DATABASE_URL: "", PGLITE_DIR: dataDir };
const children: ChildProcess[] = [];

function holdEmbeddedDb(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/hold-embedded-db.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...embeddedEnv },
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("ready") && resolve(child));
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(base, { recursive: true, force: true });
});

describe("embedded database (PGlite) is one process only", () => {
  it("refuses a second process with a clear message while the first holds it", async () => {
    const holder = await holdEmbeddedDb();
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(holder.pid));

    const second = await runCli(["db", "seed"], embeddedEnv);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain("the embedded database is in use by the running app; stop it or set DATABASE_URL");
    // The refused process did not take or clear the holder's lock.
    expect(readFileSync(`${dataDir}.lock`, "utf8")).toBe(String(holder.pid));

    // A holder that died without cleaning up leaves a stale lock, which the next opener clears.
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    const third = await runCli(["db", "seed"], embeddedEnv);
    expect(third.code, third.stderr).toBe(0);
    expect(third.json).toEqual({ seeded: true });
    // A clean exit releases the lock.
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 90_000);

  it("clears a lock file whose pid is not running", async () => {
    writeFileSync(`${dataDir}.lock`, "999999");
    const result = await runCli(["db", "seed"], embeddedEnv);
    expect(result.code, result.stderr).toBe(0);
    expect(result.json).toEqual({ seeded: false });
  }, 60_000);
});
