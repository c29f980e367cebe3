import { loadProperty } from "./load-property";

// Outside the page's loading boundary: see app/(app)/_shared/load-member-record.ts.
export default async function PropertyLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await loadProperty((await params).id);
  return children;
}
