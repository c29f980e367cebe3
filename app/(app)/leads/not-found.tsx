import { NotFoundNotice } from "@/components/not-found-notice";

export default function LeadNotFound() {
  return <NotFoundNotice what="lead" backHref="/leads" backLabel="Back to leads" />;
}
