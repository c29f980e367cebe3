import { readLeadListParams } from "@/lib/leads/lead-list-params";
import type { BulkSelectionInput } from "@/lib/bulk-actions/start-bulk-lead-action";
import type { Member } from "@/lib/users/get-member";

// The leads list's bulk bar: its form read into the service's inputs.

const ACTION_FIELD = {
  assign: "assignedTo",
  status: "status",
  add_tag: "tag",
  remove_tag: "tag",
  sms: "message",
} as const;

/** The action's own field only, so the schema (strict per kind) sees nothing of the others. */
export function bulkActionInput(formData: FormData) {
  const kind = String(formData.get("kind") ?? "");
  const field = ACTION_FIELD[kind as keyof typeof ACTION_FIELD];
  return { input: field ? { kind, [field]: String(formData.get(field) ?? "") } : { kind } };
}

/** The ticked rows, or (`scope=all`) every lead the list's filters match: the list's own query
 * string read as the page reads it, so "all matching" is what the member was looking at. */
export function bulkSelectionOf(formData: FormData, member: Member): BulkSelectionInput {
  if (formData.get("scope") === "all") {
    const query = new URLSearchParams(String(formData.get("listQuery") ?? ""));
    return { kind: "filters", filters: readLeadListParams(Object.fromEntries(query), member).filters };
  }
  return { kind: "ids", ids: formData.getAll("leadId").map(String) };
}
