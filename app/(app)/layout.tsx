import Link from "next/link";
import { requireMember } from "@/lib/auth/get-current-member";
import { homePathFor } from "@/lib/auth/home-path";
import { PLAN_LABELS } from "@/lib/accounts/plan-labels";
import { AppNav, mainSections } from "@/components/app-nav";
import { MobileNav } from "@/components/mobile-nav";
import { SignOutButton } from "@/components/sign-out-button";
import { styles } from "@/components/ui/styles";

export const dynamic = "force-dynamic";

// The signed-in app's shell. requireMember() redirects to /login without a live membership:
// the proxy is the first guard, this the second.
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const member = await requireMember();
  const isOwner = member.role === "owner";
  const userSummary = `${member.accountName} · ${PLAN_LABELS[member.plan]} · ${isOwner ? "Owner" : "Staff"}`;
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only rounded bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 pt-3 sm:px-6">
          <Link
            href={homePathFor(member.role)}
            className={`rounded-sm text-base font-semibold tracking-tight text-indigo-700 ${styles.focusRing}`}
          >
            LeadProp CRM
          </Link>
          {/* From tablet width up: who is signed in, their links and Sign out; on a phone they are in the menu. */}
          <div className="hidden min-w-0 items-center gap-3 md:flex">
            <div className="min-w-0 text-right text-sm leading-tight" data-testid="current-user">
              <p className="truncate font-medium text-slate-900">
                <Link
                  href="/profile"
                  className={`${styles.focusRing} rounded-sm hover:underline`}
                  title="Your profile and time zone"
                >
                  {member.name}
                </Link>
              </p>
              <p className="truncate text-slate-500">{userSummary}</p>
              <Link href="/profile/password" className={`${styles.link} text-xs font-normal`}>
                Change password
              </Link>
            </div>
            <SignOutButton />
          </div>
          <MobileNav sections={mainSections(isOwner)} userName={member.name} userSummary={userSummary} />
        </div>
        <div className="mx-auto max-w-6xl px-4 pt-3 sm:px-6">
          <AppNav isOwner={isOwner} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}
