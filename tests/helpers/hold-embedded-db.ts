// Test helper: opens the embedded database named by PGLITE_DIR, says "ready", and holds it
// until killed, the way a running dev server does.
import { getDbHandle } from "@/db/client";

getDbHandle().then(
  ({ engine }) => {
    process.stdout.write(`ready ${engine}\n`);
    setInterval(() => {}, 60_000);
  },
  (error) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  },
);
