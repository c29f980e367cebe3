import { NotFoundNotice } from "@/components/not-found-notice";

export default function WebhookEndpointNotFound() {
  return <NotFoundNotice what="webhook endpoint" backHref="/settings/webhooks" backLabel="Back to webhooks" />;
}
