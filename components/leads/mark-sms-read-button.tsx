import { SubmitButton } from "@/components/ui/submit-button";

// "Mark read", in the inbox's conversation and on the lead page: the one explicit step that
// clears a lead's unread replies, the ones the page showed as new (their ids go with the form, so
// one that arrives meanwhile stays unread). Neither page reads anything by being opened.
export function MarkSmsReadButton({
  leadId,
  smsIds,
  action,
}: {
  leadId: string;
  smsIds: string[];
  action: (formData: FormData) => Promise<void>;
}) {
  return (
    <form action={action} className="flex items-center gap-3">
      <input type="hidden" name="leadId" value={leadId} />
      {smsIds.map((id) => (
        <input key={id} type="hidden" name="smsId" value={id} />
      ))}
      <span className="text-sm text-slate-600">
        {smsIds.length} unread {smsIds.length === 1 ? "reply" : "replies"}
      </span>
      <SubmitButton variant="secondary" pendingLabel="Marking…">
        Mark read
      </SubmitButton>
    </form>
  );
}
