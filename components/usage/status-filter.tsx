import Link from "next/link";
import { STATUS_CLASSES, type StatusClass } from "@/lib/request-logs/status-class";
import { styles } from "@/components/ui/styles";
import { usageHref } from "./usage-href";

const LABELS: Record<StatusClass, string> = { all: "All", "2xx": "2xx", "4xx": "4xx", "5xx": "5xx", "429": "429" };

// Links, not a form: each filter is a URL an owner can share, and it works without JavaScript.
// Changing the filter starts again at the newest request (a cursor is bound to its filter).
export function StatusFilter({ keyId, current }: { keyId: string; current: StatusClass }) {
  return (
    <nav aria-label="Filter requests by status" className="flex flex-wrap gap-1">
      {STATUS_CLASSES.map((statusClass) => {
        const active = statusClass === current;
        return (
          <Link
            key={statusClass}
            href={usageHref({ keyId, statusClass })}
            aria-current={active ? "true" : undefined}
            scroll={false}
            className={`rounded-full px-3 py-1 text-sm font-medium ${styles.focusRing} ${active ? "bg-indigo-600 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
          >
            {LABELS[statusClass]}
          </Link>
        );
      })}
    </nav>
  );
}
