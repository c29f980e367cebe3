// A response status, coloured by class: 429 apart from other 4xx, as the usage filter has it.
function toneOf(status: number): string {
  if (status === 429) return "bg-orange-50 text-orange-800 ring-orange-200";
  if (status >= 500) return "bg-red-50 text-red-800 ring-red-200";
  if (status >= 400) return "bg-amber-50 text-amber-900 ring-amber-200";
  return "bg-emerald-50 text-emerald-800 ring-emerald-200";
}

export function HttpStatusBadge({ status }: { status: number }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 font-mono text-xs font-medium ring-1 ${toneOf(status)}`}>
      {status}
    </span>
  );
}
