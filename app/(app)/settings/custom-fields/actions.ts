"use server";

import { formAction } from "@/app/_forms/form-action";
import { createCustomFieldDefinition, deleteCustomFieldDefinition } from "@/lib/custom-fields/custom-field-definitions";
import {
  moveCustomFieldDefinition,
  updateCustomFieldDefinition,
} from "@/lib/custom-fields/update-custom-field-definition";
import type { CustomFieldDefinitionInput } from "@/lib/schemas/custom-fields";
import { keyFromLabel } from "@/lib/custom-fields/key-from-label";

// Settings → Custom fields, owners only. Plain forms: after any outcome the page is refreshed and
// shows it as a notice or an error (with each field's message) in its address.

const PATH = "/settings/custom-fields";

const OPTIONS = {
  role: "owner",
  plain: true,
  revalidate: () => [PATH],
  redirect: (state: { status: string; message?: string; fieldErrors?: Record<string, string> }) => {
    const errors = Object.entries(state.fieldErrors ?? {}).map(([field, message]) => `${field}: ${message}`);
    const text = [state.message, ...errors].filter(Boolean).join(" ");
    return `${PATH}?${state.status === "success" ? "notice" : "error"}=${encodeURIComponent(text)}`;
  },
} as const;

const text = (formData: FormData, name: string) => String(formData.get(name) ?? "").trim();
const optionsOf = (formData: FormData) =>
  text(formData, "options")
    .split(/[\n,]/)
    .map((o) => o.trim())
    .filter(Boolean);

// The service validates the definition (key, type, options) as POST /custom-fields does.
export const createCustomFieldAction = formAction(OPTIONS, async ({ member, formData, audit }) => {
  const label = text(formData, "label");
  const input = {
    resource: text(formData, "resource"),
    // Left empty (no JavaScript to fill it as the label is typed): made from the label.
    key: text(formData, "key") || keyFromLabel(label),
    label,
    type: text(formData, "type"),
    options: optionsOf(formData),
    required: formData.get("required") === "on",
  } as CustomFieldDefinitionInput;
  await createCustomFieldDefinition(member.accountId, input, audit);
  return { status: "success", message: `Custom field ${input.key} added.` };
});

// Label, required and options; key and type are fixed.
export const updateCustomFieldAction = formAction(OPTIONS, async ({ member, formData, audit }) => {
  const input = {
    label: text(formData, "label"),
    required: formData.get("required") === "on",
    options: optionsOf(formData),
  };
  const saved = await updateCustomFieldDefinition(member.accountId, text(formData, "fieldId"), input, audit);
  return { status: "success", message: `Custom field ${saved.key} saved.` };
});

export const moveCustomFieldAction = formAction(OPTIONS, async ({ member, formData, audit }) => {
  const direction = text(formData, "direction") === "up" ? "up" : "down";
  await moveCustomFieldDefinition(member.accountId, text(formData, "fieldId"), direction, audit);
  return { status: "success", message: "Order saved." };
});

// The definition goes, and with it every record's value for it (the confirm said how many).
export const deleteCustomFieldAction = formAction(OPTIONS, async ({ member, formData, audit }) => {
  const stripped = await deleteCustomFieldDefinition(member.accountId, text(formData, "fieldId"), audit);
  const values = stripped === 1 ? "1 record's value" : `${stripped} records' values`;
  return { status: "success", message: `Custom field deleted, with ${values}.` };
});
