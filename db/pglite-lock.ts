import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";

// PGlite has no cross-process lock: a second process on the same folder silently loses writes.
// So the process that opens the embedded database holds a lock file with its pid; a second
// opener is refused while that pid lives, and a stale lock (its holder died) is cleared.

const EMBEDDED_DB_IN_USE = "the embedded database is in use by the running app; stop it or set DATABASE_URL";

class EmbeddedDatabaseInUseError extends Error {
  constructor(readonly holderPid: number) {
    super(`${EMBEDDED_DB_IN_USE} (held by pid ${holderPid})`);
    this.name = "EmbeddedDatabaseInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock for this process or throws EmbeddedDatabaseInUseError. Returns a release function. */
export function acquirePgliteLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // "wx" fails if the file exists: creation is the atomic test-and-set.
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => {
        if (readHolder(lockPath) === process.pid) rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      // The same process re-opening (hot reload in next dev) is not a second opener.
      if (holder === process.pid) return () => {};
      if (holder !== null && isAlive(holder)) throw new EmbeddedDatabaseInUseError(holder);
      // Stale (holder gone) or half-written: clear it and try again.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not take the embedded database lock at ${lockPath}`);
}
