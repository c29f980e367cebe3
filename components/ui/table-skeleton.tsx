// The loading state of a list page: header, filter bar and table rows as grey blocks.
export function TableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="space-y-5">
      <span className="sr-only">Loading…</span>
      <div className="h-7 w-40 animate-pulse rounded bg-slate-200" />
      <div className="h-10 w-full max-w-2xl animate-pulse rounded-md bg-slate-100" />
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
        <div className="h-10 bg-slate-50" />
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex gap-4 border-t border-slate-100 px-4 py-3">
            <div className="h-4 w-1/4 animate-pulse rounded bg-slate-200" />
            <div className="h-4 w-1/6 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-1/5 animate-pulse rounded bg-slate-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
