import { ForbiddenNotice } from "@/components/forbidden-notice";

// Rendered, with HTTP 403, when a page or layout under the app calls forbidden(): today only the
// owner-only settings.
export default function Forbidden() {
  return <ForbiddenNotice />;
}
