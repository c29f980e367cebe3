import Link from "next/link";

// Public and the same for everyone: it reads no database (a count of agencies here would tell
// anyone how many tenants there are).
export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-20">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">LeadProp CRM</p>
      <h1 className="text-4xl font-bold tracking-tight">Leads, properties and visits for real-estate agencies</h1>
      <p className="text-lg text-slate-600">
        Your team works leads in the web app; your integrations sync them through the public API.
      </p>
      <div className="flex gap-3">
        <Link href="/login" className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
          Sign in
        </Link>
        <Link href="/docs" className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-white">
          API reference
        </Link>
      </div>
    </main>
  );
}
