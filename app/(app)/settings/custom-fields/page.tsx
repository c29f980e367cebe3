import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { FlashNotice } from "@/components/ui/flash-notice";
import { PageHeader } from "@/components/ui/page-header";
import { styles } from "@/components/ui/styles";
import { requireMember } from "@/lib/auth/get-current-member";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { CUSTOM_FIELD_TYPES } from "@/lib/domain/enums";
import { singleParams, type RawSearchParams } from "@/app/(app)/_shared/search-params";
import { countRecordsWithValue } from "@/lib/custom-fields/count-records-with-value";
import { createCustomFieldAction } from "./actions";
import { DefinitionRows } from "./definition-rows";
import { DeleteFieldDialog } from "./delete-field-dialog";
import { LabelAndKeyInputs } from "@/components/custom-fields/label-and-key-inputs";
import { CUSTOM_FIELD_TYPE_LABELS } from "@/components/custom-fields/type-labels";

export const metadata: Metadata = { title: "Custom fields" };

export default async function CustomFieldsSettingsPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const member = await requireMember();
  if (member.role !== "owner") forbidden();
  const definitions = await listCustomFieldDefinitions(member.accountId);
  const { notice, error, delete: deleteId } = singleParams(await searchParams);
  const toDelete = definitions.find((d) => d.id === deleteId);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Custom fields"
        description="Fields your account adds to leads and properties. The API carries them in customFields and lists them at GET /api/v1/custom-fields. A field's key and type cannot change once it is created; its label, options and whether it is required can. Deleting a field removes its values from every record."
      />
      {notice ? <FlashNotice>{notice}</FlashNotice> : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {toDelete ? (
        <DeleteFieldDialog definition={toDelete} holding={await countRecordsWithValue(member.accountId, toDelete)} />
      ) : null}
      <div className={`${styles.card} space-y-6 p-5`}>
        <DefinitionRows title="Lead fields" definitions={definitions.filter((d) => d.resource === "lead")} />
        <DefinitionRows title="Property fields" definitions={definitions.filter((d) => d.resource === "property")} />
      </div>
      <section aria-labelledby="new-field-title" className={`${styles.card} space-y-3 p-5`}>
        <h2 id="new-field-title" className="text-base font-semibold text-slate-900">
          New custom field
        </h2>
        <form action={createCustomFieldAction} aria-label="New custom field" className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm">
            For
            <select name="resource" className={styles.input}>
              <option value="lead">Leads</option>
              <option value="property">Properties</option>
            </select>
          </label>
          <LabelAndKeyInputs />
          <label className="text-sm">
            Type
            <select name="type" className={styles.input}>
              {CUSTOM_FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CUSTOM_FIELD_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm sm:col-span-2">
            Options (selects only, one per line or comma separated)
            <textarea name="options" rows={3} className={styles.input} />
          </label>
          <label className="text-sm">
            <input type="checkbox" name="required" /> Required
          </label>
          <div>
            <button type="submit" className={styles.primaryButton}>
              Add field
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
