import { forbidden } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { NavLink } from "@/components/ui/nav-link";

// Settings are for owners: staff get the 403 page (app/(app)/forbidden.tsx) with a real 403
// status, since this layout runs before anything streams. Each page and action checks again (a
// layout is not re-rendered on every navigation, and actions can be called directly).
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  return (
    <div className="space-y-6">
      {/* Seven tabs do not fit a phone's width: there they wrap to a second row rather than scroll
          out of sight (a sideways-scrolling bar hid Custom fields and Audit log at 390 px). */}
      <nav
        aria-label="Settings"
        className="-mx-1 flex flex-wrap gap-x-5 border-b border-slate-200 px-1 sm:flex-nowrap sm:overflow-x-auto"
      >
        <NavLink href="/settings" exact variant="tab">
          Account
        </NavLink>
        <NavLink href="/settings/team" variant="tab">
          Team
        </NavLink>
        <NavLink href="/settings/api" variant="tab">
          Public API
        </NavLink>
        <NavLink href="/settings/webhooks" variant="tab">
          Webhooks
        </NavLink>
        <NavLink href="/settings/custom-fields" variant="tab">
          Custom fields
        </NavLink>
        <NavLink href="/settings/lead-routing" variant="tab">
          Lead routing
        </NavLink>
        <NavLink href="/settings/audit-log" variant="tab">
          Audit log
        </NavLink>
      </nav>
      {children}
    </div>
  );
}
