"use server";

import { formAction } from "@/app/_forms/form-action";
import type { FormState } from "@/components/ui/form-state";
import { ApiError } from "@/lib/errors/api-error";
import { startLeadImport } from "@/lib/imports/lead-import-service";
import { previewLeadImport, type PreviewRow } from "@/lib/imports/preview-lead-import";
import { importMappingSchema, importOnMatchSchema, type ImportMapping } from "@/lib/schemas/lead-imports";

// Leads → Import, for owners and staff: preview with a mapping, start. The upload itself is a
// route handler (upload/route.ts): a server action's body limit would apply to every action. The
// mapping comes as one select per column, named `map.<column index>`.

export type PreviewState = FormState & { rows?: PreviewRow[] };

const importIdOf = (formData: FormData) => String(formData.get("importId") ?? "");

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

// The first rows with the chosen mapping and their validation errors.
export const previewImportAction = formAction({}, async ({ member, formData }) => {
  const rows = await previewLeadImport(member.accountId, importIdOf(formData), mappingOf(formData));
  const bad = rows.filter((r) => r.problems.length).length;
  return {
    status: "success",
    rows,
    message: bad
      ? `${bad} of the first ${rows.length} rows have problems: they will be reported, not imported.`
      : undefined,
  };
});

// Start the job, then follow its progress on the same page.
const importPage = (formData: FormData) => `/leads/import/${encodeURIComponent(importIdOf(formData))}`;
export const startImportAction = formAction(
  {
    revalidate: (state, formData) => (state.status === "success" ? [importPage(formData)] : []),
    redirect: (state, formData) => (state.status === "success" ? importPage(formData) : undefined),
  },
  async ({ member, formData }) => {
    const onMatch = importOnMatchSchema.safeParse(formData.get("onMatch")).data;
    if (!onMatch) return { status: "error", message: "Choose what happens to a row that matches an existing lead." };
    await startLeadImport(member.accountId, importIdOf(formData), { mapping: mappingOf(formData), onMatch });
    return { status: "success" };
  },
);
