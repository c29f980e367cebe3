"use client";

import { useActionState, useState } from "react";
import { FormStateMessage, FormMessage } from "@/components/ui/form-message";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import type { UploadState } from "@/lib/forms/imports/lead-import-forms";
import { uploadImportAction } from "./actions";

const MAX_BYTES = 20 * 1024 * 1024;

// The file is checked for size here first, so a 30 MB file is refused before it is sent.
export function UploadForm() {
  const [state, action] = useActionState(uploadImportAction, { status: "idle" } as UploadState);
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
              file && file.size > MAX_BYTES
                ? `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; imports take at most 20 MB. Split it into smaller files.`
                : null,
            );
          }}
        />
        <p className="text-xs text-slate-500">
          Up to 20 MB and 200,000 rows, with a header row. Separated by commas, semicolons or tabs; UTF-8, or
          Latin-1/Windows-1252 as older Excel versions save it.
        </p>
      </div>
      {tooBig ? <FormMessage tone="error">{tooBig}</FormMessage> : <FormStateMessage state={state} />}
      <SubmitButton pendingLabel="Uploading…" disabled={Boolean(tooBig)}>
        Upload and map columns
      </SubmitButton>
    </form>
  );
}
