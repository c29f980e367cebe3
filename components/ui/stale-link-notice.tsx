import Link from "next/link";
import { styles } from "./styles";

// Shown instead of a table when the page link's cursor no longer fits its filters.
export function StaleLinkNotice({ firstPage }: { firstPage: string }) {
  return (
    <div role="alert" className="px-4 py-10 text-center">
      <p className="font-medium text-slate-900">This page link is out of date</p>
      <p className="mt-1 text-sm text-slate-600">The filters changed since it was made.</p>
      <p className="mt-4">
        <Link href={firstPage} className={styles.secondaryButton}>
          Go to the first page
        </Link>
      </p>
    </div>
  );
}
