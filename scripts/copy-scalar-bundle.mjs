// Copies Scalar's standalone API reference bundle (about 4.9 MB) into public/vendor/, so /docs
// serves it from this server: no CDN, and the reference renders with no internet. Runs at
// `postinstall` and `prebuild`; public/vendor/ is git-ignored, the file is never committed.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Not reachable through the package's `exports`, so by path.
const source = path.join(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js");
const target = path.join(root, "public/vendor/scalar/standalone.js");

if (!existsSync(source)) {
  console.error(`copy-scalar-bundle: ${path.relative(root, source)} is missing; run npm install.`);
  process.exit(1);
}
mkdirSync(path.dirname(target), { recursive: true });
copyFileSync(source, target);
console.log(`copy-scalar-bundle: ${path.relative(root, target)}`);
