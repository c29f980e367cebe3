import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { styles } from "@/components/ui/styles";
import { getOutboxMail } from "@/lib/mail/list-outbox-mail";
import { formatInZone } from "@/components/ui/format-date";
import { requireOutboxViewer } from "../../outbox-viewer";
import { viewerZone } from "../viewer-zone";

// A reset link is in this page's text: no Referer carries it elsewhere.
export const metadata: Metadata = { title: "Email", referrer: "no-referrer" };

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

// The plain-text body, its links clickable. The HTML part is not rendered: this page is on the
// app's own origin, and an email's HTML has no business running there.
function TextWithLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className={`${styles.link} break-all`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default async function DevMailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  await requireOutboxViewer();
  const { id } = await params;
  const [mail, zone] = await Promise.all([getOutboxMail(id), viewerZone()]);
  if (!mail) notFound();
  return (
    <div className="space-y-4">
      <Link href="/dev/mail" className={styles.link}>
        ← All email
      </Link>
      <article className={`${styles.card} space-y-4 p-5 sm:p-6`}>
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{mail.subject}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">From</dt>
          <dd className="break-all">{mail.from}</dd>
          <dt className="text-slate-500">To</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="text-slate-500">Sent</dt>
          <dd>{formatInZone(mail.createdAt, zone, "stamp")}</dd>
        </dl>
        <div className="whitespace-pre-wrap border-t border-slate-200 pt-4 text-sm text-slate-800">
          <TextWithLinks text={mail.text} />
        </div>
      </article>
    </div>
  );
}
