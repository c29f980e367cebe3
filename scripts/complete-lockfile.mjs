// The npm registry mirror on our machines answers 404 for platform binaries of other systems
// (darwin, win32, freebsd, android, wasm32…), so `npm install` leaves them out of
// package-lock.json and `npm ci` then refuses the lock as "Missing: … from lock file".
// This adds a placeholder entry for each missing optional dependency, marked optional and
// restricted to its os/cpu, so that `npm ci` skips it on Linux exactly as it would with a
// complete lock. Run it after every `npm install` that changes the lock (npm run lock:fix).
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "win32", "freebsd", "android", "linux", "openbsd", "sunos", "netbsd", "aix"];
const CPU = ["arm64", "x64", "ia32", "arm", "wasm32", "loong64", "ppc64", "riscv64", "s390x", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p)) ?? (parts.includes("win32") ? "win32" : undefined);
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes("gnueabihf") ? "arm" : undefined);
  return { os, cpu };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const { os, cpu } = platformOf(dep);
    packages[`node_modules/${dep}`] = {
      version: range.replace(/^[\^~=]/, ""),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added++;
  }
}
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} placeholder entries`);
