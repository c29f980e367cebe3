import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { mayReadLocalOutbox } from "@/lib/mail/local-outbox-access";
import { stampedPeer } from "@/lib/observability/peer-address-stamp";

/** A 404 unless this request may see the local outbox (lib/mail/local-outbox-access.ts). Called
 * by the layout and by each page: a page's own rendering must not depend on the layout's. */
export async function requireOutboxViewer(): Promise<void> {
  if (!mayReadLocalOutbox(stampedPeer(await headers()))) notFound();
}
