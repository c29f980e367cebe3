import Link from "next/link";
import { styles } from "@/components/ui/styles";

// One block of the dashboard: a titled card with an optional count and a "see all" link.
export function DashboardCard({
  id,
  title,
  count,
  seeAll,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  seeAll?: { href: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className={`${styles.card} flex flex-col overflow-hidden`}
    >
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
          {count !== undefined ? (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
              {count}
            </span>
          ) : null}
        </h2>
        {seeAll ? (
          <Link href={seeAll.href} className={`${styles.link} text-sm`}>
            {seeAll.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A card's empty state: one quiet line, not a call to action. */
export function DashboardEmpty({ children }: { children: React.ReactNode }) {
  return <p className="px-5 py-6 text-sm text-slate-500">{children}</p>;
}
