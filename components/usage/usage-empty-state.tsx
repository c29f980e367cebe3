import Link from "next/link";
import { styles } from "@/components/ui/styles";

// A key that has not been used yet (or not in the last 30 days: older entries expire).
export function UsageEmptyState({ keyName }: { keyName: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center" data-testid="usage-empty">
      <p className="font-medium text-slate-900">No requests with “{keyName}” yet</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        Send one with{" "}
        <code className="rounded bg-slate-100 px-1 font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>, for
        example <code className="rounded bg-slate-100 px-1 font-mono text-xs">GET /api/v1/leads</code>. It shows here a
        moment after the response; entries are kept 30 days.
      </p>
      <p className="mt-3">
        <Link href="/docs" className={styles.link}>
          Try it in the API reference
        </Link>
      </p>
    </div>
  );
}
