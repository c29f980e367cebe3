import Link from "next/link";
import { styles } from "@/components/ui/styles";

// The 404 of a record page: the same words whether the id never existed, was deleted or
// belongs to another account, so a URL reveals nothing about other agencies.
export function NotFoundNotice({ what, backHref, backLabel }: { what: string; backHref: string; backLabel: string }) {
  return (
    <section aria-labelledby="not-found-title" className={`${styles.card} mx-auto max-w-lg space-y-3 p-8 text-center`}>
      <p className="text-sm font-semibold text-slate-500">404 · Not found</p>
      <h1 id="not-found-title" className="text-xl font-semibold text-slate-900">
        This {what} does not exist
      </h1>
      <p className="text-sm text-slate-600">It may have been deleted, or the link is wrong.</p>
      <p>
        <Link href={backHref} className={styles.link}>
          {backLabel}
        </Link>
      </p>
    </section>
  );
}
