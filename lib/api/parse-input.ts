import type { z } from "zod";
import { ApiError, type ErrorDetail } from "@/lib/errors/api-error";
import { MAX_JSON_DEPTH } from "@/lib/schemas/json-limits";
import { queryPairs } from "./query-pairs";
import { readLimitedBody } from "./read-limited-body";
import { unstorableText } from "./unstorable-text";

const MAX_BODY_BYTES = 100 * 1024;

function zodDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join(".");
      // Unknown keys are reported once per key, at the key's own path.
      if (issue.code === "unrecognized_keys") {
        return issue.keys.map((key) => ({ path: path ? `${path}.${key}` : key, message: "Unknown field" }));
      }
      return [{ path, message: issue.message }];
    })
    .flat();
}

const invalid = (what: string, details: ErrorDetail[]) =>
  new ApiError(
    "validation_error",
    `The ${what} is invalid: ${details.length} problem${details.length === 1 ? "" : "s"} (see details).`,
    details,
  );

/** The path, query string or body, checked for text that cannot be stored, then by its schema. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const unstorable = unstorableText(input);
  if (unstorable.length) throw invalid(what, unstorable);
  const result = schema.safeParse(input);
  if (!result.success) {
    throw invalid(what, zodDetails(result.error));
  }
  return result.data;
}

/** Reads a JSON body: 415 if not JSON (or compressed, or in another charset than UTF-8), 413 over
 * 100 KB, 400 if its bytes are not UTF-8 or it does not parse. */
export async function readJsonBody(req: Request): Promise<{ raw: string; value: unknown }> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  assertUtf8Charset(type);
  assertUncompressed(req.headers.get("content-encoding"));
  const bytes = await readLimitedBody(
    req,
    MAX_BODY_BYTES,
    () => new ApiError("invalid_json", "The body ended before it was complete."),
  );
  const raw = strictUtf8(bytes);
  // Before JSON.parse, so nothing (validation, the idempotency fingerprint, storage, logging)
  // ever walks a value nested deeper than the limit: recursion over 50,000 levels overflows the
  // stack, which answered 500 (issue 31, finding 14).
  if (jsonDepthExceeds(raw, MAX_JSON_DEPTH)) {
    throw new ApiError("invalid_json", `The body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return { raw, value: JSON.parse(raw) };
  } catch {
    throw new ApiError("invalid_json", "The body is not valid JSON.");
  }
}

// JSON is UTF-8 (RFC 8259). A body in another declared charset was read as UTF-8 anyway, and bytes
// that are not UTF-8 were stored as U+FFFD, while the guide promises nothing is replaced
// (issue 31, finding 18): both are refused instead.
function assertUtf8Charset(contentType: string): void {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") {
    throw new ApiError("unsupported_media_type", `Send the body in UTF-8: charset=${charset} is not supported.`);
  }
}

// A compressed body is not inflated (RFC 9110 §8.4.1: answer 415 to a coding the server does not
// take); it parsed as invalid JSON before (issue 31, finding 19).
function assertUncompressed(contentEncoding: string | null): void {
  const coding = contentEncoding?.trim().toLowerCase();
  if (coding && coding !== "identity") {
    throw new ApiError("unsupported_media_type", "Send the body uncompressed: Content-Encoding is not supported.");
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

function strictUtf8(bytes: Buffer): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid UTF-8.");
  }
}

/** Whether `{`/`[` nest deeper than `max` outside strings; one pass, no parse. Text that is not
 * JSON is left to JSON.parse. */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \\ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

/** Query string → plain object. A repeated parameter is an error, not a silent pick, and so is
 * one whose bytes are not UTF-8 (query-pairs.ts).
 * Bracketed names nest as OpenAPI's deepObject style writes them: `cf[stage]=hot` →
 * `{cf: {stage: "hot"}}`, `cf[price][gte]=5` → `{cf: {price: {gte: "5"}}}`. */
export function queryObject(url: URL): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { pairs, problems } = queryPairs(url.search);
  const seen = new Set<string>();
  for (const [key, value] of pairs) {
    if (seen.has(key)) problems.push({ path: key, message: "Given more than once" });
    seen.add(key);
    const path = deepObjectPath(key);
    if (!path) {
      out[key] = value;
      continue;
    }
    let node = out;
    for (const [i, part] of path.entries()) {
      const last = i === path.length - 1;
      const existing = node[part];
      const clash = last ? existing !== undefined && typeof existing !== "string" : typeof existing === "string";
      if (clash) {
        problems.push({ path: key, message: "Given both as a value and with [operators]: use one" });
        break;
      }
      if (last) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    }
  }
  if (problems.length)
    throw new ApiError(
      "validation_error",
      "A query parameter is repeated, conflicting or not valid UTF-8 (see details).",
      problems,
    );
  return out;
}

const UNSAFE_NAMES = new Set(["__proto__", "constructor", "prototype"]);
const DEEP_OBJECT = /^([A-Za-z_]\w*)((?:\[[^[\]]+\]){1,2})$/;

/** `a[b][c]` → ["a", "b", "c"]; undefined for a plain name. */
function deepObjectPath(key: string): string[] | undefined {
  const match = DEEP_OBJECT.exec(key);
  if (!match) return undefined;
  const path = [match[1], ...match[2].slice(1, -1).split("][")];
  // Never walk into an object's prototype: such a name stays plain (and is an unknown parameter).
  return path.some((part) => UNSAFE_NAMES.has(part)) ? undefined : path;
}
