import { createCustomFieldDefinition, deleteCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import type { CustomFieldDefinitionInput } from "@/lib/schemas/custom-fields";
import { errorState } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";
import { assertOwner } from "@/lib/users/assert-owner";
import type { Member } from "@/lib/users/get-member";

// Settings → Custom fields: owners only (checked here too: actions can be called directly).

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "").trim();

export async function createCustomFieldForm(member: Member, formData: FormData): Promise<FormState> {
  const input = {
    resource: text(formData, "resource"),
    key: text(formData, "key"),
    label: text(formData, "label"),
    type: text(formData, "type"),
    options: text(formData, "options")
      .split(/[\n,]/)
      .map((o) => o.trim())
      .filter(Boolean),
    required: formData.get("required") === "on",
  } as CustomFieldDefinitionInput;
  try {
    await assertOwner(member.accountId, member.userId);
    await createCustomFieldDefinition(member.accountId, input);
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: `Custom field ${input.key} added.` };
}

// The records keep their stored values; no answer or page shows them any more.
export async function deleteCustomFieldForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    await assertOwner(member.accountId, member.userId);
    await deleteCustomFieldDefinition(member.accountId, text(formData, "fieldId"));
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: "Custom field deleted." };
}
