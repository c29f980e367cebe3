import type { Metadata } from "next";
import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { listOutboxMail } from "@/lib/mail/list-outbox-mail";
import { formatInZone } from "@/components/ui/format-date";
import { requireOutboxViewer } from "../outbox-viewer";
import { viewerZone } from "./viewer-zone";

export const metadata: Metadata = { title: "Local mail outbox" };

export default async function DevMailPage() {
  await requireOutboxViewer();
  const [mails, zone] = await Promise.all([listOutboxMail(), viewerZone()]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Local mail outbox"
        description="The latest 50 emails this server would have sent, newest first. Set SMTP_URL and MAIL_FROM to send them for real."
      />
      {mails.length === 0 ? (
        <div className={styles.card}>
          <EmptyState title="No email yet">Password reset links and other emails will appear here.</EmptyState>
        </div>
      ) : (
        <div className={styles.card}>
          <DataTable
            label="Emails"
            columns={[{ label: "To" }, { label: "Subject" }, { label: "Sent", className: "hidden sm:table-cell" }]}
          >
            {mails.map((mail) => (
              <tr key={mail.id}>
                <td className={`${styles.td} break-all`}>{mail.to}</td>
                <td className={styles.td}>
                  <Link href={`/dev/mail/${mail.id}`} className={styles.link}>
                    {mail.subject}
                  </Link>
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {formatInZone(mail.createdAt, zone, "stamp")}
                  </span>
                </td>
                <td className={`${styles.td} hidden whitespace-nowrap sm:table-cell`}>
                  {formatInZone(mail.createdAt, zone, "stamp")}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </div>
  );
}
