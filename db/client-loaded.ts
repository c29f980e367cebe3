// Whether this process has loaded db/client, without loading it: the client registers its state
// on globalThis when it loads (one pool per process). A caller that only needs to close a
// database that may have been opened (the CLI on a usage error, a test file that never touched
// the database) asks this first, and skips the client's and the schema's load when nothing did.
export function dbClientLoaded(): boolean {
  return "__lpmDbBeforeClose" in globalThis;
}
