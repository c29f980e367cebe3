// While the usage section's queries run, the rest of the Public API page is already usable.
export function UsageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-3 p-5 sm:p-6">
      <span className="sr-only">Loading usage…</span>
      <div className="h-9 w-72 max-w-full animate-pulse rounded bg-slate-200" />
      <div className="h-16 animate-pulse rounded bg-slate-100" />
      <div className="h-40 animate-pulse rounded bg-slate-100" />
    </div>
  );
}
