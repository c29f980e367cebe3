import type { Metadata } from "next";
import Link from "next/link";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { timeZoneOptions } from "@/lib/accounts/time-zone-options";
import { requireMember } from "@/lib/auth/get-current-member";
import { formatInZone } from "@/components/ui/format-date";
import { getUserTimeZone } from "@/lib/users/user-time-zone";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { signOutEverywhereAction } from "./actions";
import { TimeZoneForm } from "./time-zone-form";

export const metadata: Metadata = { title: "Your profile" };

// Every member's own preferences (Settings is for owners only): the zone times are shown in.
export default async function ProfilePage() {
  const member = await requireMember();
  const [account, own] = await Promise.all([getAccountOrThrow(member.accountId), getUserTimeZone(member.userId)]);
  const options = [
    { value: "", label: `The account's: ${account.timezone.replaceAll("_", " ")}` },
    ...timeZoneOptions(),
  ];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Your profile"
        description={`${member.name} · ${member.email}. It is now ${formatInZone(new Date(), member.timeZone)} for you.`}
        actions={
          <Link href="/profile/password" className={styles.secondaryButton}>
            Change password
          </Link>
        }
      />
      <section className={`${styles.card} max-w-md p-5 sm:p-6`}>
        <TimeZoneForm current={own ?? ""} options={options} />
      </section>
      <section className={`${styles.card} max-w-md space-y-3 p-5 sm:p-6`} aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" className="text-base font-semibold text-slate-900">
          Sessions
        </h2>
        <p className="text-sm text-slate-600">
          A sign-in lasts 30 days at most, and ends after 7 days without use. Signed in on a computer you no longer use?
          End every session of yours, this one included.
        </p>
        <form action={signOutEverywhereAction}>
          <button type="submit" className={styles.secondaryButton}>
            Sign out everywhere
          </button>
        </form>
      </section>
    </div>
  );
}
