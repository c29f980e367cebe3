import { formatPhone } from "@/components/ui/format-phone";
import { styles } from "@/components/ui/styles";

// The header's one-tap actions: call and email open the phone's or computer's own apps (tel:,
// mailto:); "Text" jumps to the SMS panel on this page, where sending is logged and
// consent-checked. Each is shown only when the lead has that contact.
export function LeadContactActions({
  phone,
  email,
  country,
}: {
  phone: string | null;
  email: string | null;
  country: string;
}) {
  if (!phone && !email) return <p className="text-sm text-slate-500">No phone or email yet.</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {phone ? (
        <a href={`tel:${phone}`} className={styles.secondaryButton}>
          Call <span className="font-normal text-slate-600">{formatPhone(phone, country)}</span>
        </a>
      ) : null}
      {phone ? (
        <a href="#sms" className={styles.secondaryButton}>
          Text
        </a>
      ) : null}
      {email ? (
        <a href={`mailto:${email}`} className={`${styles.secondaryButton} min-w-0`}>
          Email <span className="truncate font-normal text-slate-600">{email}</span>
        </a>
      ) : null}
    </div>
  );
}
