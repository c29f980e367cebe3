import { NavLink } from "@/components/ui/nav-link";

// The app's main sections. Settings only for owners (staff would get the 403 page).
export function AppNav({ isOwner }: { isOwner: boolean }) {
  return (
    <nav aria-label="Main" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-2">
      <NavLink href="/dashboard">Dashboard</NavLink>
      <NavLink href="/leads">Leads</NavLink>
      <NavLink href="/properties">Properties</NavLink>
      <NavLink href="/visits">Visits</NavLink>
      <NavLink href="/messages">Messages</NavLink>
      {isOwner ? <NavLink href="/settings">Settings</NavLink> : null}
      <NavLink href="/docs">API docs</NavLink>
    </nav>
  );
}
