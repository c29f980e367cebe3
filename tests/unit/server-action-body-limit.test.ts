import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";

// The file the server reads (plain JavaScript: imported by its URL, typed as Next's config).
const loadNextConfig = async () =>
  ((await import(pathToFileURL(path.resolve(__dirname, "../../next.config.mjs")).href)) as { default: NextConfig })
    .default;

// Issue 31, finding 11: serverActions.bodySizeLimit was 21 MB for the CSV upload, and it applies
// to every server action, those that need no sign-in (sign-up, sign-in, password reset) too. The
// upload is a route handler now; actions keep Next's default (1 MB), and so does the proxy's copy
// of a body (10 MB), which the upload route stays out of (tests/unit/proxy-matcher.test.ts).
describe("next.config.mjs body limits (issue 31, finding 11)", () => {
  it("leaves the server-action and proxy body limits at Next's defaults", async () => {
    const experimental = ((await loadNextConfig()).experimental ?? {}) as Record<string, unknown>;
    expect((experimental.serverActions as { bodySizeLimit?: unknown } | undefined)?.bodySizeLimit).toBeUndefined();
    expect(experimental.proxyClientMaxBodySize).toBeUndefined();
    expect(experimental.middlewareClientMaxBodySize).toBeUndefined();
  });
});
