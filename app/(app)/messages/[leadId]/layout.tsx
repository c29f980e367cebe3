import { loadLead } from "@/app/(app)/leads/[id]/load-lead";

// Outside the page's loading boundary: another account's lead, or a deleted one, is a real 404
// (see app/(app)/_shared/load-member-record.ts).
export default async function ConversationLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ leadId: string }>;
}) {
  await loadLead((await params).leadId);
  return children;
}
