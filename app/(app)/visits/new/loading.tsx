import { DetailSkeleton } from "@/components/ui/detail-skeleton";

export default function Loading() {
  return <DetailSkeleton />;
}
