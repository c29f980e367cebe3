import type { ErrorDetail } from "@/lib/errors/api-error";

// The query string's name=value pairs, decoded as application/x-www-form-urlencoded is, except
// that bytes which are not UTF-8 once percent-decoded are refused rather than replaced.
// URLSearchParams turns `?q=%ff` or `?status=%ED%A0%80` into U+FFFD, so a filter silently searched
// for another text than the one sent (issue 31, finding 18). A `%` not followed by two hex digits
// stays a literal `%`, as URLSearchParams keeps it (`?q=100%` searches for "100%").

const LONE_PERCENT = /%(?![0-9A-Fa-f]{2})/g;

/** Percent-decoded text, or null when its bytes are not UTF-8 (decodeURIComponent refuses those,
 * lone surrogates and overlong forms included). */
function decodeComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ").replace(LONE_PERCENT, "%25"));
  } catch {
    return null;
  }
}

export interface QueryPairs {
  pairs: Array<[name: string, value: string]>;
  /** One per parameter that is not UTF-8, at its name (as sent, when the name itself is not). */
  problems: ErrorDetail[];
}

/** `search` as URL.search gives it: percent-encoded ASCII, with or without the leading `?`. */
export function queryPairs(search: string): QueryPairs {
  const pairs: QueryPairs["pairs"] = [];
  const problems: ErrorDetail[] = [];
  for (const part of search.replace(/^\?/, "").split("&")) {
    if (!part) continue;
    const at = part.indexOf("=");
    const rawName = at === -1 ? part : part.slice(0, at);
    const name = decodeComponent(rawName);
    const value = decodeComponent(at === -1 ? "" : part.slice(at + 1));
    if (name === null || value === null) {
      problems.push({
        path: name ?? rawName,
        message: `The ${name === null ? "name" : "value"} is not valid UTF-8 once percent-decoded`,
      });
      continue;
    }
    pairs.push([name, value]);
  }
  return { pairs, problems };
}
