import Link from "next/link";
import { styles } from "@/components/ui/styles";

// Public and the same for everyone: it reads no database (a count of agencies here would tell
// anyone how many tenants there are).

const FEATURES = [
  {
    title: "Every lead in one pipeline",
    text: "Inquiries from your website and the portals arrive once, never twice. Assign them, text them, book visits and move them from new to won.",
  },
  {
    title: "Listings and visits",
    text: "Your properties for sale and for rent, the visits booked on them, and the calendar your agents work from.",
  },
  {
    title: "An API your integrations can trust",
    text: "A documented REST API with webhooks, idempotent writes, batch imports and CSV export, so your data is never stuck.",
  },
];

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-4xl flex-col gap-12 px-6 py-16 sm:py-24">
      <section className="flex flex-col gap-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">LeadProp CRM</p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Leads, properties and visits for real-estate agencies
        </h1>
        <p className="max-w-2xl text-lg text-slate-600">
          Your team works leads in the web app; your integrations sync them through the public API.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link href="/signup" className={`${styles.primaryButton} px-5 py-2.5 text-base`}>
            Create account
          </Link>
          <Link href="/login" className={`${styles.secondaryButton} px-5 py-2.5 text-base`}>
            Sign in
          </Link>
          <Link href="/docs" className={`${styles.secondaryButton} px-5 py-2.5 text-base`}>
            API reference
          </Link>
        </div>
      </section>
      <section aria-label="What LeadProp does" className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map((feature) => (
          <div key={feature.title} className={`${styles.card} space-y-2 p-5`}>
            <h2 className="font-semibold text-slate-900">{feature.title}</h2>
            <p className="text-sm text-slate-600">{feature.text}</p>
          </div>
        ))}
      </section>
    </main>
  );
}
