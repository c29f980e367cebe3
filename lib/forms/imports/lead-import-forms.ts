import { ApiError } from "@/lib/errors/api-error";
import { startLeadImport } from "@/lib/imports/lead-import-service";
import { previewLeadImport, type PreviewRow } from "@/lib/imports/preview-lead-import";
import { importMappingSchema, importOnMatchSchema, type ImportMapping } from "@/lib/schemas/lead-imports";
import { errorState } from "@/lib/ui/form-errors";
import type { FormState } from "@/lib/ui/form-state";
import type { Member } from "@/lib/users/get-member";

// Leads → Import, for owners and staff: preview with a mapping, start (the upload is a route
// handler: app/(app)/leads/import/upload). The mapping comes as one select per column, named
// `map.<column index>`.

export type PreviewState = FormState & { rows?: PreviewRow[] };

function mappingOf(formData: FormData): ImportMapping {
  const mapping: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (name.startsWith("map.") && typeof value === "string") mapping[name.slice(4)] = value;
  }
  const parsed = importMappingSchema.safeParse(mapping);
  // The mapping's problems concern the whole of it ("map a column to Name"): said in one message.
  if (!parsed.success)
    throw new ApiError("validation_error", parsed.error.issues.map((i) => i.message).join(". ") + ".");
  return parsed.data;
}

export async function previewLeadImportForm(member: Member, formData: FormData): Promise<PreviewState> {
  try {
    const rows = await previewLeadImport(member.accountId, String(formData.get("importId")), mappingOf(formData));
    const bad = rows.filter((r) => r.problems.length).length;
    return {
      status: "success",
      rows,
      message: bad
        ? `${bad} of the first ${rows.length} rows have problems: they will be reported, not imported.`
        : undefined,
    };
  } catch (error) {
    return errorState(error);
  }
}

export async function startLeadImportForm(member: Member, formData: FormData): Promise<FormState> {
  try {
    const onMatch = importOnMatchSchema.safeParse(formData.get("onMatch")).data;
    if (!onMatch) return { status: "error", message: "Choose what happens to a row that matches an existing lead." };
    await startLeadImport(member.accountId, String(formData.get("importId")), {
      mapping: mappingOf(formData),
      onMatch,
    });
  } catch (error) {
    return errorState(error);
  }
  return { status: "success" };
}
