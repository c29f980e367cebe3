import Link from "next/link";
import type { ListSort } from "@/lib/schemas/common";
import { LEAD_FIELDS } from "@/lib/schemas/lead-fields";
import { styles } from "@/components/ui/styles";

// Sort links: each to the list sorted by its field, the active one marked with its direction.
// A date starts newest first, a name A to Z; a second click on the active one reverses it.
// Links, not buttons: each sort is a URL, and works without JavaScript.
type SortField = "createdAt" | "updatedAt" | "name";
type SortLinkProps = {
  field: SortField;
  sort: ListSort;
  sortHref: (sort: ListSort) => string;
};

const orderOf = (field: SortField, sort: ListSort) => {
  const active = sort.replace("-", "") === field;
  const descending = sort.startsWith("-");
  const first: ListSort = field === "name" ? "name" : `-${field}`;
  const next: ListSort = !active ? first : descending ? field : `-${field}`;
  return { active, descending, next };
};

/** How a sort reads aloud: "newest first", "Z to A"… */
const orderName = (sort: ListSort) =>
  sort.endsWith("name")
    ? sort.startsWith("-")
      ? "Z to A"
      : "A to Z"
    : sort.startsWith("-")
      ? "newest first"
      : "oldest first";

/** aria-sort of a column that shows `fields`: its order when the list is sorted by one of them. */
const ariaSortOf = (sort: ListSort, fields: SortField[]) =>
  fields.includes(sort.replace("-", "") as SortField) ? (sort.startsWith("-") ? "descending" : "ascending") : undefined;

/** Each named by its field's label in the lead field registry. */
export function SortLink({ field, sort, sortHref }: SortLinkProps) {
  const { active, descending, next } = orderOf(field, sort);
  const label = LEAD_FIELDS[field].label;
  return (
    <Link
      href={sortHref(next)}
      scroll={false}
      aria-current={active ? "true" : undefined}
      className={`inline-flex items-center gap-1 rounded-sm hover:text-slate-900 ${active ? "font-semibold text-slate-800" : ""} ${styles.focusRing}`}
      aria-label={`${label}, sort ${orderName(next)}`}
    >
      {label}
      <span aria-hidden="true">{active ? (descending ? "↓" : "↑") : "↕"}</span>
    </Link>
  );
}

/** The name column's header: a link that sorts by name. */
export function NameSortHeader({ sort, sortHref }: { sort: ListSort; sortHref: (sort: ListSort) => string }) {
  return (
    <th scope="col" className={styles.th} aria-sort={ariaSortOf(sort, ["name"])}>
      <SortLink field="name" sort={sort} sortHref={sortHref} />
    </th>
  );
}

/** The date column's header: sorted by created or updated, each a link; aria-sort says the
 * column's order when the list is sorted by one of its dates (it shows the date it is sorted by). */
export function SortHeader({
  sort,
  sortHref,
  className,
}: {
  sort: ListSort;
  sortHref: (sort: ListSort) => string;
  className: string;
}) {
  return (
    <th scope="col" className={`${styles.th} ${className}`} aria-sort={ariaSortOf(sort, ["createdAt", "updatedAt"])}>
      <span className="inline-flex flex-col items-start gap-1">
        <SortLink field="createdAt" sort={sort} sortHref={sortHref} />
        <SortLink field="updatedAt" sort={sort} sortHref={sortHref} />
      </span>
    </th>
  );
}
