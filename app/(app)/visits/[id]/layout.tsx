import { loadVisit } from "./load-visit";

// Outside the page's loading boundary: see app/(app)/_shared/load-member-record.ts.
export default async function VisitLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await loadVisit((await params).id);
  return children;
}
