import { loadLead } from "./load-lead";

// Outside the page's loading boundary: see app/(app)/_shared/load-member-record.ts.
export default async function LeadLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await loadLead((await params).id);
  return children;
}
