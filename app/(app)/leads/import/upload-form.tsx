"use client";

import { useRouter } from "next/navigation";
import { useActionState, useState } from "react";
import { FormStateMessage, FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "@/lib/imports/import-limits";
import { IDLE, type FormState } from "@/components/ui/form-state";
import { uploadImportFile } from "./upload-file";

const MB = 1024 * 1024;

// The file is checked for size here first, so a 30 MB file is refused before it is sent; the
// upload route checks everything again. Sent by fetch to a route handler, not a server action
// (issue 31, finding 11): the mapping page opens once it is stored.
export function UploadForm() {
  const router = useRouter();
  const [state, action] = useActionState(async (_previous: FormState, formData: FormData): Promise<FormState> => {
    const file = formData.get("file");
    if (!(file instanceof File) || (file.size === 0 && !file.name)) {
      return { status: "error", message: "Choose a CSV file to upload." };
    }
    const outcome = await uploadImportFile(file);
    if ("location" in outcome) {
      router.push(outcome.location);
      return IDLE;
    }
    // Signed out: the page's own guard sends them to sign in, as it would have for a server action.
    if (outcome.status === 401) router.refresh();
    return { status: "error", message: outcome.message };
  }, IDLE);
  const [tooBig, setTooBig] = useState<string | null>(null);
  return (
    <form action={action} className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor="import-file" className={styles.label}>
          CSV file
        </label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
          required
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setTooBig(
              file && file.size > MAX_IMPORT_BYTES
                ? `The file is ${(file.size / MB).toFixed(1)} MB; imports take at most ${MAX_IMPORT_BYTES / MB} MB. Split it into smaller files.`
                : null,
            );
          }}
        />
        <p className="text-xs text-slate-500">
          Up to {MAX_IMPORT_BYTES / MB} MB, {MAX_IMPORT_ROWS.toLocaleString("en-US")} rows and {MAX_IMPORT_COLUMNS}{" "}
          columns, with a header row. Separated by commas, semicolons or tabs; UTF-8, or Latin-1/Windows-1252 as older
          Excel versions save it.
        </p>
      </div>
      {tooBig ? <FormMessage tone="error">{tooBig}</FormMessage> : <FormStateMessage state={state} />}
      <SubmitButton pendingLabel="Uploading…" disabled={Boolean(tooBig)}>
        Upload and map columns
      </SubmitButton>
    </form>
  );
}
