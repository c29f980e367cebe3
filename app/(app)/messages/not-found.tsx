import { NotFoundNotice } from "@/components/not-found-notice";

export default function ConversationNotFound() {
  return <NotFoundNotice what="lead" backHref="/messages" backLabel="Back to messages" />;
}
