import Link from "next/link";
import type { Sort } from "@/lib/schemas/common";
import { styles } from "@/components/ui/styles";

// Sort links: each to the list sorted by its field (newest first, then oldest first on a
// second click), the active one marked with its direction. Links, not buttons: each sort is a
// URL, and works without JavaScript.
type SortLinkProps = {
  label: string;
  field: "createdAt" | "updatedAt";
  sort: Sort;
  sortHref: (sort: Sort) => string;
};

const orderOf = (field: SortLinkProps["field"], sort: Sort) => {
  const active = sort.replace("-", "") === field;
  const descending = sort.startsWith("-");
  const next: Sort = active && descending ? field : `-${field}`;
  return { active, descending, next };
};

export function SortLink({ label, field, sort, sortHref }: SortLinkProps) {
  const { active, descending, next } = orderOf(field, sort);
  return (
    <Link
      href={sortHref(next)}
      scroll={false}
      aria-current={active ? "true" : undefined}
      className={`inline-flex items-center gap-1 rounded-sm hover:text-slate-900 ${active ? "font-semibold text-slate-800" : ""} ${styles.focusRing}`}
      aria-label={`${label}, sort ${next.startsWith("-") ? "newest first" : "oldest first"}`}
    >
      {label}
      <span aria-hidden="true">{active ? (descending ? "↓" : "↑") : "↕"}</span>
    </Link>
  );
}

/** The date column's header: sorted by created or updated, each a link; aria-sort says the
 * column's order (it shows the date it is sorted by). */
export function SortHeader({
  sort,
  sortHref,
  className,
}: {
  sort: Sort;
  sortHref: (sort: Sort) => string;
  className: string;
}) {
  return (
    <th
      scope="col"
      className={`${styles.th} ${className}`}
      aria-sort={sort.startsWith("-") ? "descending" : "ascending"}
    >
      <span className="inline-flex flex-col items-start gap-1">
        <SortLink label="Created" field="createdAt" sort={sort} sortHref={sortHref} />
        <SortLink label="Updated" field="updatedAt" sort={sort} sortHref={sortHref} />
      </span>
    </th>
  );
}
