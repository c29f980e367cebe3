import { expect } from "vitest";
import { getLeadImportOrThrow, type LeadImportSummary } from "@/lib/imports/lead-import-service";
import { uploadLeadImportForm } from "@/lib/forms/imports/lead-import-forms";
import type { Member } from "@/lib/users/get-member";
import { waitUntil } from "../jobs/wait-until";

/** Uploads `text` as a browser would post the file; answers the import's id. */
export async function upload(member: Member, text: string | Uint8Array, name = "leads.csv"): Promise<string> {
  const data = new FormData();
  data.set("file", new File([text as BlobPart], name, { type: "text/csv" }));
  const state = await uploadLeadImportForm(member, data);
  expect(state).toMatchObject({ status: "success" });
  return state.importId!;
}

/** The wizard's form: the mapping as one field per column, the match rule, the import. */
export function wizardForm(importId: string, mapping: string[], onMatch = "skip"): FormData {
  const data = new FormData();
  data.set("importId", importId);
  data.set("onMatch", onMatch);
  mapping.forEach((target, i) => data.set(`map.${i}`, target));
  return data;
}

export async function waitForImport(accountId: string, id: string, timeoutMs = 30_000): Promise<LeadImportSummary> {
  return waitUntil(
    `import ${id} to finish`,
    async () => {
      const imp = await getLeadImportOrThrow(accountId, id);
      return ["completed", "failed"].includes(imp.status) && imp;
    },
    timeoutMs,
  );
}
