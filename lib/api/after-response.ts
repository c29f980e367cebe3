import { after } from "next/server";

/** Runs work after the response is sent (next/server `after`). Outside a Next request scope
 * (route handlers called directly by tests or scripts) it runs on the next tick instead. */
export function afterResponse(task: () => Promise<unknown>): void {
  const run = () => task().catch(() => {});
  try {
    after(run);
  } catch {
    setImmediate(run);
  }
}
