// The loading state of a record page: a title and two columns of cards.
export function DetailSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading…</span>
      <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
      <div className="h-8 w-64 max-w-full animate-pulse rounded bg-slate-200" />
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="h-96 animate-pulse rounded-lg bg-slate-100 lg:col-span-3" />
        <div className="h-96 animate-pulse rounded-lg bg-slate-100 lg:col-span-2" />
      </div>
    </div>
  );
}
