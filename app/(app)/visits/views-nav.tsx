import Link from "next/link";
import { styles } from "@/components/ui/styles";

interface View {
  label: string;
  href: string;
  current: boolean;
}

// The visits page's views (lists, day, week) and whose visits: pills that are plain links, so
// every view is in the URL and can be bookmarked.
export function ViewsNav({ label, views }: { label: string; views: View[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {views.map((view) => (
        <Link
          key={view.label}
          href={view.href}
          aria-current={view.current ? "page" : undefined}
          className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${view.current ? "bg-indigo-50 text-indigo-700 ring-indigo-200" : "bg-white text-slate-700 ring-slate-200 hover:bg-slate-50"} ${styles.focusRing}`}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  );
}
