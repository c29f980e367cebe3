// The operator CLI: `npm run cli -- <command>`. Also used by tests and benchmarks.
// Exit codes: 0 done, 1 the command failed, 2 bad arguments (usage printed).
import { dbClientLoaded } from "@/db/client-loaded";
import { ApiError } from "@/lib/errors/api-error";
import { COMMANDS } from "./cli/commands";
import { USAGE, UsageError } from "./cli/usage";

async function main(argv: string[]): Promise<number> {
  const name = argv.slice(0, 2).join(" ");
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`${argv.length ? `unknown command: ${argv.join(" ")}\n\n` : ""}${USAGE}\n`);
    return 2;
  }
  try {
    const result = await command(argv.slice(2));
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    const message = error instanceof ApiError ? error.message : (error as Error).message;
    process.stderr.write(`error: ${message}\n`);
    return 1;
  } finally {
    // Commands load the client (and the services) when they run, after their arguments are
    // checked: a usage error loads neither, and has no database to close.
    if (dbClientLoaded()) await (await import("@/db/client")).closeDb().catch(() => {});
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
