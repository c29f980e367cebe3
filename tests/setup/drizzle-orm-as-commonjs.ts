import { createRequire } from "node:module";
import type { Plugin } from "vitest/config";

const requireFromHere = createRequire(__filename);

/**
 * Test files load drizzle-orm's CommonJS build instead of its ES modules. Every test file runs in
 * a fresh process, and Node 24 links drizzle's ~450 ES module files in 0.4–0.55 s where `require`
 * loads the same API in 0.06–0.1 s: over 300 files a run, that was a fifth of the time vitest spent
 * collecting (tests/integration/api: collect 57.6 → 38.6 s, wall 90 → 75 s). Only tests take this
 * path: `next build` bundles the app, and drizzle compares entities by their `entityKind`, not by
 * class identity, so nothing depends on which build a module got.
 */
export function drizzleOrmAsCommonJs(): Plugin {
  return {
    name: "drizzle-orm-as-commonjs",
    enforce: "pre",
    resolveId(source) {
      if (source === "drizzle-orm" || source.startsWith("drizzle-orm/")) return requireFromHere.resolve(source);
      return null;
    },
  };
}
