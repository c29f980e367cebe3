"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { styles } from "./styles";

// A navigation link that marks itself as the current page (aria-current) for the whole section.
export function NavLink({
  href,
  children,
  exact = false,
  variant = "bar",
}: {
  href: string;
  children: React.ReactNode;
  exact?: boolean;
  /** bar: the desktop header; tab: a section's tabs; sheet: the phone menu (a full-width row). */
  variant?: "bar" | "tab" | "sheet";
}) {
  const pathname = usePathname();
  const active = exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
  const base =
    variant === "bar"
      ? "whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium"
      : variant === "sheet"
        ? "block rounded-md px-3 py-2.5 text-base font-medium"
        : "whitespace-nowrap border-b-2 px-1 pb-2.5 pt-1 text-sm font-medium";
  const tone =
    variant !== "tab"
      ? active
        ? "bg-indigo-50 text-indigo-700"
        : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      : active
        ? "border-indigo-600 text-indigo-700"
        : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900";
  return (
    <Link href={href} aria-current={active ? "page" : undefined} className={`${base} ${tone} ${styles.focusRing}`}>
      {children}
    </Link>
  );
}
