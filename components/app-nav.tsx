import { NavLink } from "@/components/ui/nav-link";

/** The app's main sections, in order. Settings only for owners (staff would get the 403 page). */
export function mainSections(isOwner: boolean): ReadonlyArray<{ href: string; label: string }> {
  return [
    { href: "/dashboard", label: "Dashboard" },
    { href: "/leads", label: "Leads" },
    { href: "/properties", label: "Properties" },
    { href: "/visits", label: "Visits" },
    { href: "/tasks", label: "Tasks" },
    { href: "/messages", label: "Messages" },
    ...(isOwner ? [{ href: "/settings", label: "Settings" }] : []),
    { href: "/docs", label: "API docs" },
  ];
}

// The main sections as a bar, from tablet width up. On a phone the bar is hidden (display: none,
// so it leaves the accessibility tree too) and MobileNav's sheet holds the same links under the
// same name, "Main".
export function AppNav({ isOwner }: { isOwner: boolean }) {
  return (
    <nav aria-label="Main" className="-mx-1 hidden gap-1 overflow-x-auto px-1 pb-2 md:flex">
      {mainSections(isOwner).map((section) => (
        <NavLink key={section.href} href={section.href}>
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
