import type { ReactNode } from "react";
import { LEAD_STATUSES } from "@/lib/domain/enums";
import { LEAD_STATUS_LABELS } from "@/lib/leads/lead-labels";
import type { LeadListUrlParams } from "@/lib/leads/lead-list-params";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";

const STATUS_OPTIONS = [
  { value: "", label: "All statuses" },
  ...LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] })),
];

// The leads list's filter fields, named as the URL names them (lib/leads/lead-list-params.ts).
// The dates are days in the viewer's zone; the sort rides along so filtering keeps it.
export function LeadFilterFields({
  values,
  assigneeOptions,
  customFields,
}: {
  values: LeadListUrlParams;
  assigneeOptions: ReadonlyArray<{ value: string; label: string }>;
  customFields: ReactNode;
}) {
  return (
    <>
      {values.sort ? <input type="hidden" name="sort" value={values.sort} /> : null}
      <div className="sm:w-64">
        <TextField
          label="Search"
          name="q"
          type="search"
          defaultValue={values.q}
          placeholder="Name, email or phone"
          maxLength={200}
          autoComplete="off"
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-40">
        <SelectField
          label="Status"
          name="status"
          options={STATUS_OPTIONS}
          defaultValue={values.status ?? ""}
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-44">
        <SelectField
          label="Assigned to"
          name="assignedTo"
          options={assigneeOptions}
          defaultValue={values.assignedTo ?? ""}
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-36">
        <TextField
          label="Source"
          name="source"
          defaultValue={values.source}
          placeholder="website"
          maxLength={100}
          autoComplete="off"
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-32">
        <TextField
          label="Tag"
          name="tag"
          defaultValue={values.tag}
          placeholder="vip"
          maxLength={40}
          autoComplete="off"
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-40">
        <TextField label="Created from" name="from" type="date" defaultValue={values.from} idPrefix="filter" />
      </div>
      <div className="sm:w-40">
        <TextField label="Created to" name="to" type="date" defaultValue={values.to} idPrefix="filter" />
      </div>
      {customFields}
    </>
  );
}
