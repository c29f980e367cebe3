import Link from "next/link";
import { FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";

// What a form that mails a link (sign-up, forgotten password) shows once it is sent: the form's
// own words, what to do when no mail comes, and, on a server that keeps its mail, the way to it.
export function MailSentNotice({
  children,
  noMail,
  localOutbox,
}: {
  children: React.ReactNode;
  /** What to check when no mail comes. */
  noMail: string;
  localOutbox: boolean;
}) {
  return (
    <div className="space-y-4">
      <FormMessage tone="success">{children}</FormMessage>
      <p className="text-sm text-slate-600">No email after a few minutes? {noMail}</p>
      {localOutbox ? (
        <p className="text-sm text-slate-600">
          This server keeps its mail instead of sending it:{" "}
          <Link href="/dev/mail" className={styles.link}>
            open the local outbox
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
