import type { FormState } from "@/components/ui/form-state";
import { formatInZone } from "@/components/ui/format-date";
import { ApiError } from "@/lib/errors/api-error";

/** The booking and reschedule forms' state after a refusal: `conflictVisitId` names the visit it
 * overlaps, so the form can link to it and offer an owner "Book anyway". */
type VisitFormState = FormState & { conflictVisitId?: string };

// 409 visit_conflict in words for the form: the other visit's time in the viewer's zone rather
// than the API's UTC. Any other error is not this one's to word (null).
export function visitConflictState(
  error: unknown,
  zone: string,
  values: Record<string, string>,
  isOwner: boolean,
): VisitFormState | null {
  if (!(error instanceof ApiError) || error.code !== "visit_conflict") return null;
  const other = error.details?.[0];
  if (!other?.visitId || !other.scheduledAt) return null;
  const when = formatInZone(other.scheduledAt, zone);
  const message = isOwner
    ? `This agent already has a visit at ${when}. Choose another time or agent, or tick "Book anyway".`
    : `This agent already has a visit at ${when}. Choose another time or agent; an owner can book over it.`;
  return {
    status: "error",
    message,
    fieldErrors: { scheduledAt: `Overlaps the agent's visit at ${when}` },
    values,
    conflictVisitId: other.visitId,
  };
}
