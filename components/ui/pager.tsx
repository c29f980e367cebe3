import Link from "next/link";
import type { PagerLinks } from "@/components/ui/cursor-pager";
import { styles } from "./styles";

const disabled =
  "inline-flex items-center rounded-md border border-slate-200 px-3.5 py-2 text-sm font-medium text-slate-400";

// Previous / Next under a table. A missing direction is shown greyed, not hidden, so the
// buttons do not jump around between pages.
export function Pager({ links, label, shown }: { links: PagerLinks; label: string; shown: number }) {
  if (!links.previous && !links.next) return null;
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-3"
    >
      <p className="text-sm text-slate-600">
        Page {links.pageNumber} · {shown} shown
      </p>
      <div className="flex gap-2">
        {links.previous ? (
          <Link href={links.previous} className={styles.secondaryButton} rel="prev">
            Previous
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            Previous
          </span>
        )}
        {links.next ? (
          <Link href={links.next} className={styles.secondaryButton} rel="next">
            Next
          </Link>
        ) : (
          <span className={disabled} aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
