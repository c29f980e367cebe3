import Link from "next/link";
import { styles } from "@/components/ui/styles";

// Cursors only go forward (older); "Newest" goes back to the top. A log is read from the top,
// so there is no page number to keep.
export function RequestsPager({ newestHref, olderHref }: { newestHref: string | null; olderHref: string | null }) {
  if (!newestHref && !olderHref) return null;
  return (
    <nav aria-label="Recent requests pages" className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
      {newestHref ? (
        <Link href={newestHref} scroll={false} className={styles.secondaryButton}>
          Newest
        </Link>
      ) : null}
      {olderHref ? (
        <Link href={olderHref} scroll={false} className={styles.secondaryButton}>
          Older requests
        </Link>
      ) : null}
    </nav>
  );
}
