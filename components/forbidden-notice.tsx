import Link from "next/link";
import { styles } from "@/components/ui/styles";

// What staff see on an owner-only page: app/(app)/forbidden.tsx, for every forbidden() call.
export function ForbiddenNotice() {
  return (
    <section aria-labelledby="forbidden-title" className={`${styles.card} mx-auto max-w-lg space-y-3 p-8 text-center`}>
      <p className="text-sm font-semibold text-red-700">403 · Forbidden</p>
      <h1 id="forbidden-title" className="text-xl font-semibold text-slate-900">
        Only account owners can open settings
      </h1>
      <p className="text-sm text-slate-600">Ask an owner of your account if you need something changed here.</p>
      <p>
        <Link href="/leads" className={styles.link}>
          Back to leads
        </Link>
      </p>
    </section>
  );
}
