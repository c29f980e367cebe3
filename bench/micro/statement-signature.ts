// `npx tsx bench/micro/statement-signature.ts`: what the postgres-js patch's signature cache saves
// (scripts/patches/postgres+3.4.9.patch). postgres-js looks a prepared statement up by
// `types + text`; unpatched, that is a new string per query, hashed in full by the lookup. The
// patch keeps one signature string per statement text (a Map keyed by the text, whose hash V8
// keeps), as a prepared Drizzle query passes the same text object every time. Both lookups here,
// on a 3.5 KB text like GET /leads/:id's.
const text = `select ${"x".repeat(3_500)} ${Math.random()}`;
const statements: Record<string, number> = { [`25,25${text}`]: 1 };
const signatures = new Map<string, { types: string; signature: string }>();
const RUNS = 200_000;

function unpatched(types: number[]) {
  return `${types}${text}`;
}

function patched(types: number[]) {
  const key = types.join(",");
  let cached = signatures.get(text);
  if (!cached || cached.types !== key) signatures.set(text, (cached = { types: key, signature: key + text }));
  return cached.signature;
}

function nsPerLookup(signatureOf: (types: number[]) => string): number {
  let found = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) {
    const signature = signatureOf([25, 25]);
    if (signature in statements) found += statements[signature];
  }
  if (found !== RUNS) throw new Error("lookup missed");
  return Number(process.hrtime.bigint() - started) / RUNS;
}

for (let round = 1; round <= 3; round++) {
  process.stdout.write(
    `round ${round}: unpatched ${(nsPerLookup(unpatched) / 1000).toFixed(2)} µs, patched ${(nsPerLookup(patched) / 1000).toFixed(2)} µs a lookup\n`,
  );
}
