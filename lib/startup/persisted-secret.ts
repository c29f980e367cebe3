import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { logger } from "@/lib/log/logger";

// The embedded default for a secret that must outlive the process (the session secret, the data
// encryption key): when its variable is unset, the first process to need it writes a random one
// to a git-ignored file under .data/, and every later start and every other process on this
// machine reads that same file. It is never overwritten: a lost key means lost sessions or data.

interface PersistedSecretOptions {
  /** The variable that supplies the secret instead; named in the warning and in the error. */
  variable: string;
  /** The file, already resolved (see persistedSecretPath). */
  file: string;
  /** A fresh random value, as it will be stored. */
  generate: () => string;
  /** Whether a value read from the file is usable; an unusable one is never replaced. */
  isValid: (value: string) => boolean;
}

// Per file, so the file is read once per process and not on every request.
const cache = new Map<string, string>();

/** The `*_FILE` override if set, else the default, both relative to the working directory. */
export function persistedSecretPath(override: string | undefined, fallback: string): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), override || fallback);
}

export function getOrCreatePersistedSecret({ variable, file, generate, isValid }: PersistedSecretOptions): string {
  const cached = cache.get(file);
  if (cached) return cached;
  let secret = readValid(file, isValid);
  if (!secret) {
    if (publishOnce(file, generate())) logger.warn(`${variable} is not set: generated one`, { file });
    secret = readValid(file, isValid);
    if (!secret) throw new Error(`${file} does not hold a usable value for ${variable}; set ${variable}`);
  }
  cache.set(file, secret);
  return secret;
}

function readValid(file: string, isValid: (value: string) => boolean): string | undefined {
  try {
    const value = readFileSync(file, "utf8").trim();
    return isValid(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

// Written in full to a private temporary file first, then hard-linked to its name: link() fails
// if the name exists, so two processes starting at once cannot both win, and the loser (which
// reads next) can never see a half-written file the way an "wx" write of the file itself allows.
function publishOnce(file: string, value: string): boolean {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temporary, value, { flag: "wx", mode: 0o600 });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}
