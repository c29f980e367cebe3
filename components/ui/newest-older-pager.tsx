import Link from "next/link";
import { styles } from "./styles";

// For logs read from the top (recent API requests, webhook deliveries): cursors only go forward
// (older), and "Newest" goes back to the top, so there is no page number to keep.
export function NewestOlderPager({
  label,
  olderLabel = "Older",
  newestHref,
  olderHref,
}: {
  /** Names the navigation for screen readers, e.g. "Recent requests pages". */
  label: string;
  olderLabel?: string;
  newestHref: string | null;
  olderHref: string | null;
}) {
  if (!newestHref && !olderHref) return null;
  return (
    <nav aria-label={label} className="flex justify-end gap-2 border-t border-slate-100 px-4 py-3">
      {newestHref ? (
        <Link href={newestHref} scroll={false} className={styles.secondaryButton}>
          Newest
        </Link>
      ) : null}
      {olderHref ? (
        <Link href={olderHref} scroll={false} className={styles.secondaryButton}>
          {olderLabel}
        </Link>
      ) : null}
    </nav>
  );
}
