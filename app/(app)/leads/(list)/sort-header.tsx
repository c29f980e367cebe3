import Link from "next/link";
import type { Sort } from "@/lib/schemas/common";
import { styles } from "@/components/ui/styles";

// A sortable column's header: a link to the list sorted by it (newest first, then oldest first
// on a second click), with aria-sort telling screen readers the current order. Links, not
// buttons: each sort is a URL, and works without JavaScript.
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
      className={`inline-flex items-center gap-1 rounded-sm hover:text-slate-900 ${active ? "font-semibold text-slate-800" : ""} ${styles.focusRing}`}
      aria-label={`${label}, sort ${next.startsWith("-") ? "newest first" : "oldest first"}`}
    >
      {label}
      <span aria-hidden="true">{active ? (descending ? "↓" : "↑") : "↕"}</span>
    </Link>
  );
}

export function SortHeader({ className, ...link }: SortLinkProps & { className: string }) {
  const { active, descending } = orderOf(link.field, link.sort);
  return (
    <th
      scope="col"
      className={`${styles.th} ${className}`}
      aria-sort={active ? (descending ? "descending" : "ascending") : undefined}
    >
      <SortLink {...link} />
    </th>
  );
}
