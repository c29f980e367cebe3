import type { LeadCount } from "@/lib/leads/list-leads";

const number = new Intl.NumberFormat("en-US");

// How many leads the filters select: "1,284 leads", or "10,000+ leads" past the count's cap
// (countLeads stops counting there to stay fast on large accounts). Announced politely when
// the filters change as you type.
export function LeadCountHeading({ count, filtered }: { count?: LeadCount; filtered: boolean }) {
  if (!count) return null;
  const figure = `${number.format(count.count)}${count.capped ? "+" : ""}`;
  const one = count.count === 1 && !count.capped;
  return (
    <p role="status" data-testid="lead-count" className="text-sm font-medium text-slate-700">
      {figure} {one ? "lead" : "leads"}
      {filtered ? <span className="font-normal text-slate-500"> {one ? "matches" : "match"} these filters</span> : null}
    </p>
  );
}
