// Progress on stderr with the time since the run started, so long steps show they are alive and
// stdout keeps only the report.
const started = Date.now();

export function progress(message: string): void {
  const s = Math.round((Date.now() - started) / 1000);
  process.stderr.write(
    `[bench ${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}] ${message}\n`,
  );
}
