import { addNote } from "@/lib/activities/add-note";
import { noteSchema } from "@/lib/activities/note-schema";
import { deleteLead } from "@/lib/leads/delete-lead";
import { restoreLead } from "@/lib/leads/restore-lead";
import { errorState, formValues } from "@/app/_forms/form-errors";
import type { FormState } from "@/components/ui/form-state";
import type { Member } from "@/lib/users/get-member";
import { userActor } from "@/lib/activities/user-actor";

const idOf = (formData: FormData, name: string) => String(formData.get(name) ?? "");

// Soft delete from the lead page (after its confirm step): the same service as the API.
export async function deleteLeadForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    await deleteLead(member.accountId, idOf(formData, "leadId"), userActor(member));
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: "Lead deleted." };
}

// Owners only: the service reads the role from the database.
export async function restoreLeadForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    const lead = await restoreLead({
      accountId: member.accountId,
      actorUserId: member.userId,
      leadId: idOf(formData, "leadId"),
    });
    return { status: "success", message: `${lead.name} was restored.` };
  } catch (error) {
    return errorState(error);
  }
}

// "Add note": a `note` activity on the lead's timeline.
export async function addNoteForm(member: Member, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const parsed = noteSchema.safeParse({ text: values.text ?? "" });
  if (!parsed.success) return errorState(parsed.error, values);
  try {
    await addNote(member.accountId, idOf(formData, "leadId"), parsed.data.text, userActor(member));
  } catch (error) {
    return errorState(error, values);
  }
  return { status: "success", message: "Note added." };
}
