import Link from "next/link";
import type { Sort } from "@/lib/schemas/common";
import { styles } from "@/components/ui/styles";

// A sortable column's header: a link to the list sorted by it (newest first, then oldest first
// on a second click), with aria-sort telling screen readers the current order. Links, not
// buttons: each sort is a URL, and works without JavaScript.
export function SortHeader({
  label,
  field,
  sort,
  sortHref,
  className,
}: {
  label: string;
  field: "createdAt" | "updatedAt";
  sort: Sort;
  sortHref: (sort: Sort) => string;
  className: string;
}) {
  const active = sort.replace("-", "") === field;
  const descending = sort.startsWith("-");
  const next: Sort = active && descending ? field : `-${field}`;
  return (
    <th
      scope="col"
      className={`${styles.th} ${className}`}
      aria-sort={active ? (descending ? "descending" : "ascending") : undefined}
    >
      <Link
        href={sortHref(next)}
        scroll={false}
        className={`inline-flex items-center gap-1 rounded-sm hover:text-slate-900 ${styles.focusRing}`}
        aria-label={`${label}, sort ${next.startsWith("-") ? "newest first" : "oldest first"}`}
      >
        {label}
        <span aria-hidden="true">{active ? (descending ? "↓" : "↑") : "↕"}</span>
      </Link>
    </th>
  );
}
