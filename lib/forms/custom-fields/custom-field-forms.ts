import { userAuditActor } from "@/lib/audit/audit-actors";
import type { RequestOrigin } from "@/lib/audit/request-origin";
import { createCustomFieldDefinition, deleteCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import {
  moveCustomFieldDefinition,
  updateCustomFieldDefinition,
} from "@/lib/custom-fields/update-custom-field-definition";
import type { CustomFieldDefinitionInput } from "@/lib/schemas/custom-fields";
import { errorState } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";
import { assertOwner } from "@/lib/users/assert-owner";
import type { Member } from "@/lib/users/get-member";

// Settings → Custom fields: owners only (checked here too: actions can be called directly).

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "").trim();
const optionsOf = (formData: FormData) =>
  text(formData, "options")
    .split(/[\n,]/)
    .map((o) => o.trim())
    .filter(Boolean);

async function asOwner(member: Member, origin: RequestOrigin) {
  return userAuditActor(await assertOwner(member.accountId, member.userId), origin);
}

export async function createCustomFieldForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<FormState> {
  const input = {
    resource: text(formData, "resource"),
    key: text(formData, "key"),
    label: text(formData, "label"),
    type: text(formData, "type"),
    options: optionsOf(formData),
    required: formData.get("required") === "on",
  } as CustomFieldDefinitionInput;
  try {
    await createCustomFieldDefinition(member.accountId, input, await asOwner(member, origin));
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: `Custom field ${input.key} added.` };
}

// Label, required and options; key and type are fixed.
export async function updateCustomFieldForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<FormState> {
  const input = {
    label: text(formData, "label"),
    required: formData.get("required") === "on",
    options: optionsOf(formData),
  };
  try {
    const actor = await asOwner(member, origin);
    const saved = await updateCustomFieldDefinition(member.accountId, text(formData, "fieldId"), input, actor);
    return { status: "success", message: `Custom field ${saved.key} saved.` };
  } catch (error) {
    return errorState(error);
  }
}

export async function moveCustomFieldForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<FormState> {
  const direction = text(formData, "direction") === "up" ? "up" : "down";
  try {
    await moveCustomFieldDefinition(
      member.accountId,
      text(formData, "fieldId"),
      direction,
      await asOwner(member, origin),
    );
  } catch (error) {
    return errorState(error);
  }
  return { status: "success", message: "Order saved." };
}

// The definition goes, and with it every record's value for it (the confirm said how many).
export async function deleteCustomFieldForm(
  member: Member,
  formData: FormData,
  origin: RequestOrigin,
): Promise<FormState> {
  try {
    const stripped = await deleteCustomFieldDefinition(
      member.accountId,
      text(formData, "fieldId"),
      await asOwner(member, origin),
    );
    const values = stripped === 1 ? "1 record's value" : `${stripped} records' values`;
    return { status: "success", message: `Custom field deleted, with ${values}.` };
  } catch (error) {
    return errorState(error);
  }
}
