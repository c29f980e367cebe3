// Fails fast when a script runs on an older Node than the project's (package.json "engines").
// npm puts node_modules/.bin first on a script's PATH, and the `node` package links Node 24 there,
// so `npm test`, `npm start` and `npm run worker` run on 24 even where the machine's Node is older.
// A bare `node …` typed in a shell, or a script run without npm, would not: this says so.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `error: Node ${process.versions.node} runs this; the project needs Node 24 (npm install puts it in node_modules/.bin; run through npm, e.g. npm test)`,
  );
  process.exit(1);
}
console.log(`node ${process.versions.node}`);
