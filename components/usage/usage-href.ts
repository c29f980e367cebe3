import type { StatusClass } from "@/lib/request-logs/status-class";

export const USAGE_PATH = "/settings/api";
export const USAGE_ANCHOR = "usage";

/** A link within the usage section ("all" and the first page stay out of the URL). Used by
 * <Link scroll={false}>, which keeps the reader where they are: no fragment needed, and
 * Next's client router doubles a fragment on some navigations (`#usage#usage`). */
export function usageHref(params: { keyId: string; statusClass?: StatusClass; cursor?: string }): string {
  const search = new URLSearchParams({ key: params.keyId });
  if (params.statusClass && params.statusClass !== "all") search.set("status", params.statusClass);
  if (params.cursor) search.set("cursor", params.cursor);
  return `${USAGE_PATH}?${search.toString()}`;
}

/** A way into the section from elsewhere, for a plain <a>: the browser scrolls past the keys. */
export const usageSectionHref = (keyId: string) => `${usageHref({ keyId })}#${USAGE_ANCHOR}`;

/** The details view of one logged request. */
export const requestLogHref = (id: string) => `${USAGE_PATH}/requests/${encodeURIComponent(id)}`;
