import { trace } from "@opentelemetry/api";

// Structured logs: one JSON object per line on stdout. Callers pass ids and figures, never a
// key, a password or a request body. A line written while a traced span is recording carries its
// traceId and spanId (lib/observability/tracing.ts), so a request's log line leads to its trace;
// with tracing off the active span is always undefined and the line has neither.
type Level = "debug" | "info" | "warn" | "error";
type Fields = Record<string, string | number | boolean | null | undefined>;

const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = LEVELS[(process.env.LOG_LEVEL as Level) ?? "info"] ?? LEVELS.info;

// Info lines (one per API request) are written once per turn of the event loop, all of that
// turn's lines in one write: stdout to a pipe or a file is a blocking system call per write,
// about 25 µs of the server's one busy thread per request under load (`npm run bench:profile`).
// A line waits at most until the loop's check phase; warnings and errors go out at once, after
// whatever is pending, and an exiting process writes what is pending first.

// One buffer per process, on globalThis: a Next server loads this module in several module
// graphs (and again on every hot reload), and each would otherwise add its own exit listener.
interface LogBuffer {
  pending: string;
  scheduled: boolean;
}
const globalForLog = globalThis as unknown as { __lpmLogBuffer?: LogBuffer };
const buffer: LogBuffer = globalForLog.__lpmLogBuffer ?? newBuffer();

function newBuffer(): LogBuffer {
  const created = { pending: "", scheduled: false };
  globalForLog.__lpmLogBuffer = created;
  process.once("exit", flush);
  return created;
}

// Every module instance's `buffer` is the one object on globalThis, so any instance's flush
// (the exit listener belongs to the first) writes what all of them queued.
function flush() {
  buffer.scheduled = false;
  if (!buffer.pending) return;
  const chunk = buffer.pending;
  buffer.pending = "";
  process.stdout.write(chunk);
}

function write(level: Level, msg: string, fields?: Fields) {
  if (LEVELS[level] < threshold) return;
  const span = trace.getActiveSpan();
  const ids = span?.isRecording() ? span.spanContext() : undefined;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, msg, traceId: ids?.traceId, spanId: ids?.spanId, ...fields })}\n`;
  if (level === "error" || level === "warn") {
    flush();
    process.stderr.write(line);
    return;
  }
  buffer.pending += line;
  if (!buffer.scheduled) {
    buffer.scheduled = true;
    setImmediate(flush);
  }
}

export const logger = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
