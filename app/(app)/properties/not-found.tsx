import { NotFoundNotice } from "@/components/not-found-notice";

export default function PropertyNotFound() {
  return <NotFoundNotice what="property" backHref="/properties" backLabel="Back to properties" />;
}
