import { createLeadImport, getLeadImportOrThrow, type LeadImportSummary } from "@/lib/imports/lead-import-service";
import type { Member } from "@/lib/users/get-member";
import { waitUntil } from "../jobs/wait-until";

/** Stores `text` as the upload route does once it has the bytes; answers the import's id. */
export async function upload(member: Member, text: string | Uint8Array, name = "leads.csv"): Promise<string> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return createLeadImport({ accountId: member.accountId, userId: member.userId, name: member.name }, { name, bytes });
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
