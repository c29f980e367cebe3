import { permanentRedirect } from "next/navigation";

// The outbox became the messages page (issue 22): old links and bookmarks still land there.
export default function OutboxPage() {
  permanentRedirect("/messages");
}
