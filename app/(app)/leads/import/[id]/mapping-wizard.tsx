"use client";

import { useActionState, useState } from "react";
import { FormStateMessage } from "@/components/ui/form-message";
import { RadioOptions, type RadioOption } from "@/components/ui/radio-options";
import { styles } from "@/components/ui/styles";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PreviewState } from "../actions";
import type { TargetOption } from "@/lib/imports/import-targets";
import type { ImportMapping, ImportOnMatch } from "@/lib/schemas/lead-imports";
import type { FormState } from "@/components/ui/form-state";
import { previewImportAction, startImportAction } from "../actions";
import { PreviewTable } from "./preview-table";

/** A mapping cell: a line of its column's block on a phone, a table cell from 640 px. */
const PHONE_CELL = "block py-0.5 text-slate-700 sm:table-cell sm:px-4 sm:py-3 sm:align-middle";

const ON_MATCH: readonly RadioOption<ImportOnMatch>[] = [
  ["skip", "Skip it", "Leave the existing lead as it is (importing a file twice creates nothing new)."],
  ["merge", "Merge", "Fill the existing lead's empty fields and add new tags; nothing is overwritten."],
  ["create", "Create anyway", "Add a new lead even if one has the same email or phone."],
];

// Step 2 and 3 of an import: map each column (guessed from the headers), preview the first rows
// with their errors, choose what a row matching an existing lead does, and start.
export function MappingWizard({
  importId,
  headers,
  sample,
  options,
  guessed,
  initialPreview,
}: {
  importId: string;
  headers: string[];
  sample: string[];
  options: TargetOption[];
  guessed: ImportMapping;
  initialPreview: PreviewState;
}) {
  const [preview, previewAction] = useActionState(previewImportAction, initialPreview);
  const [started, startAction] = useActionState(startImportAction, { status: "idle" } as FormState);
  const [onMatch, setOnMatch] = useState<ImportOnMatch>("skip");
  return (
    <form action={previewAction} className="space-y-6">
      <input type="hidden" name="importId" value={importId} />
      <section aria-labelledby="mapping-title" className={`${styles.card} overflow-hidden`}>
        <h2 id="mapping-title" className="border-b border-slate-100 px-5 py-3 text-base font-semibold text-slate-900">
          Match columns to lead fields
        </h2>
        {/* On a phone each column is a block (its name, first value, then the select at full
            width): as a table, the selects ran past the card's clipped edge out of reach. */}
        <table className={`${styles.table} block sm:table`}>
          <thead className="hidden bg-slate-50 sm:table-header-group">
            <tr>
              <th className={styles.th}>Column in your file</th>
              <th className={styles.th}>First value</th>
              <th className={styles.th}>Imports into</th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-slate-100 sm:table-row-group">
            {headers.map((header, i) => (
              <tr key={i} className="block px-4 py-3 sm:table-row sm:p-0">
                <td className={`${PHONE_CELL} font-medium text-slate-900`}>{header}</td>
                <td className={`${PHONE_CELL} max-w-xs truncate text-slate-500`}>
                  <span className="sm:hidden">First value: </span>
                  {sample[i] ?? ""}
                </td>
                <td className={PHONE_CELL}>
                  <select
                    name={`map.${i}`}
                    aria-label={`Field for column ${header}`}
                    defaultValue={guessed[String(i)] ?? "ignore"}
                    className={styles.input}
                  >
                    {options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="preview-title" className={`${styles.card} space-y-3 p-5`}>
        <div className="flex items-center justify-between gap-3">
          <h2 id="preview-title" className="text-base font-semibold text-slate-900">
            Preview
          </h2>
          <SubmitButton variant="secondary" pendingLabel="Checking…">
            Update preview
          </SubmitButton>
        </div>
        <FormStateMessage state={preview} />
        {preview.rows ? <PreviewTable rows={preview.rows} /> : null}
      </section>

      <section aria-labelledby="match-title" className={`${styles.card} space-y-4 p-5`}>
        <h2 id="match-title" className="text-base font-semibold text-slate-900">
          When a row matches an existing lead
        </h2>
        <p className="text-sm text-slate-600">
          A row matches a lead by external id, then email, then phone, among leads that are not deleted.
        </p>
        <RadioOptions name="onMatch" options={ON_MATCH} value={onMatch} onChange={setOnMatch} />
        <FormStateMessage state={started} />
        <button type="submit" formAction={startAction} className={styles.primaryButton}>
          Start import
        </button>
      </section>
    </form>
  );
}
