import { and, eq, gte, lte, type SQL } from "drizzle-orm";
import { requestLogs } from "@/db/schema";

// The recent-requests filter. 4xx includes 429: it is a client error too, and the classes must
// add up the way an integrator reads them in their own logs. 429 has its own filter because it
// is the one 4xx that means "slow down", not "fix your request".
export const STATUS_CLASSES = ["all", "2xx", "4xx", "5xx", "429"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export function isStatusClass(value: unknown): value is StatusClass {
  return typeof value === "string" && (STATUS_CLASSES as readonly string[]).includes(value);
}

const between = (low: number, high: number) => and(gte(requestLogs.status, low), lte(requestLogs.status, high));

export function statusClassCondition(statusClass: StatusClass): SQL | undefined {
  switch (statusClass) {
    case "all":
      return undefined;
    case "2xx":
      return between(200, 299);
    case "4xx":
      return between(400, 499);
    case "5xx":
      return between(500, 599);
    case "429":
      return eq(requestLogs.status, 429);
  }
}
