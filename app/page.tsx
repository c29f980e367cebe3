import Link from "next/link";
import { count, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { accounts } from "@/db/schema";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const db = await getDb();
  const [{ agencies }] = await db.select({ agencies: count() }).from(accounts).where(eq(accounts.plan, "agency"));
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-20">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">LeadProp CRM</p>
      <h1 className="text-4xl font-bold tracking-tight">Leads, properties and visits for real-estate agencies</h1>
      <p className="text-lg text-slate-600">
        Your team works leads in the web app; your integrations sync them through the public API.
        {agencies > 0 ? ` ${agencies} agencies on the Agency plan use it here.` : ""}
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
