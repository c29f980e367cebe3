import type { Metadata } from "next";
import { forbidden, notFound } from "next/navigation";
import { requireMember } from "@/lib/auth/get-current-member";
import { ApiError } from "@/lib/errors/api-error";
import { getRequestLogEntry } from "@/lib/request-logs/get-request-log-entry";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { RequestDetails } from "@/components/usage/request-details";
import { usageSectionHref } from "@/components/usage/usage-href";
import { RequestPermissions } from "./request-permissions";

export const metadata: Metadata = { title: "API request" };

// One logged API request. Opened from the usage table by the log entry's id; another
// account's entry, or one that has expired, is a 404.
export default async function ApiRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const { id } = await params;
  const entry = await getRequestLogEntry(member.accountId, id).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  });
  // "Back to usage" is a plain link: a document navigation, so the browser scrolls to the
  // section's fragment itself.
  return (
    <div className="space-y-6">
      <PageHeader
        title="API request"
        description="What the request log keeps of one request. Quote the request id when you contact support."
        actions={
          <a href={usageSectionHref(entry.key.id)} className={styles.secondaryButton}>
            Back to usage
          </a>
        }
      />
      <section aria-label="Request details" className={`${styles.card} max-w-3xl overflow-hidden`}>
        <RequestDetails entry={entry} timeZone={member.timeZone} />
        <RequestPermissions entry={entry} />
      </section>
    </div>
  );
}
