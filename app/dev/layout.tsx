import type { Metadata } from "next";
import { requireOutboxViewer } from "./outbox-viewer";

export const metadata: Metadata = { robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

// Development tools of the embedded default. They exist only there, while mail stays local (no
// SMTP_URL, no DATABASE_URL), and only for a browser on this machine: anywhere else, and to anyone
// else, /dev is a 404 (lib/mail/local-outbox-access.ts says why).
export default async function DevLayout({ children }: { children: React.ReactNode }) {
  await requireOutboxViewer();
  return (
    <div className="min-h-screen">
      <div className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900">
        Development outbox: this server sends no email (SMTP_URL is not set). Every email it would send is kept here.
      </div>
      <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  );
}
