"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

const POLL_MS = 1_000;

// While the import runs, the page reloads its data every second (a server render of this
// page: the counts come from the database), so the bar moves; leaving and coming back is fine.
export function ImportProgress({ processed, total, active }: { processed: number; total: number; active: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, router]);
  const percent = total ? Math.floor((processed / total) * 100) : 0;
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={processed}
        aria-valuetext={`${processed.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} rows`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-600">
        {processed.toLocaleString("en-US")} of {total.toLocaleString("en-US")} rows ({percent}%)
      </p>
    </div>
  );
}
