import postgres from "postgres";

// Each test run gets its own database on the real PostgreSQL: created, migrated, dropped.
export const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Refuses anything but a local server: tests create and drop databases. */
export function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`refusing to run tests against a non-local database (${host})`);
  }
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestDatabase(label: string): Promise<{ name: string; url: string }> {
  assertLocal(ADMIN_URL);
  const name = `lpm_${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return { name, url: databaseUrl(name) };
}

/** A copy of a migrated test database (its template must have no open connection). */
export async function cloneTestDatabase(template: string, name: string): Promise<{ name: string; url: string }> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  return { name, url: databaseUrl(name) };
}

export async function dropTestDatabase(name: string): Promise<void> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
