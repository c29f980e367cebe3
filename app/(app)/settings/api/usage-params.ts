import { CURSOR_SHAPE } from "@/lib/pagination/cursor-shape";
import { isStatusClass, type StatusClass } from "@/lib/request-logs/status-class";

export interface UsageParams {
  keyId?: string;
  statusClass: StatusClass;
  cursor?: string;
}

type RawSearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The usage section's query string. An unknown filter means all; an unknown key is the page's
 * decision (a 404), so it is passed on as is. */
export function readUsageParams(raw: RawSearchParams): UsageParams {
  const keyId = first(raw.key)?.trim();
  const status = first(raw.status);
  const cursor = first(raw.cursor);
  return {
    keyId: keyId ? keyId : undefined,
    statusClass: isStatusClass(status) ? status : "all",
    cursor: cursor && CURSOR_SHAPE.test(cursor) ? cursor : undefined,
  };
}
