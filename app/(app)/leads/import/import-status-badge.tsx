import { Badge, type BadgeTone } from "@/components/ui/badge";

const LABELS: Record<string, [string, BadgeTone]> = {
  uploaded: ["Not started", "slate"],
  queued: ["Waiting", "sky"],
  running: ["Importing", "indigo"],
  completed: ["Completed", "emerald"],
  failed: ["Failed", "red"],
};

export function ImportStatusBadge({ status }: { status: string }) {
  const [label, tone] = LABELS[status] ?? [status, "slate"];
  return <Badge tone={tone}>{label}</Badge>;
}
