import { FilterBar } from "@/components/ui/filter-bar";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { AUDIT_ACTIONS } from "@/lib/audit/audit-actions";
import { actorParam, type AuditLogFilterParams } from "@/lib/audit/audit-log-filters";
import type { AuditActorOption } from "@/lib/audit/list-audit-actors";
import { AUDIT_LOG_PATH } from "./audit-log-href";

const ACTION_OPTIONS = [
  { value: "", label: "Any action" },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];

// A GET form: every filtered view is a URL, and the export link carries the same filters.
export function AuditLogFilterBar({ params, actors }: { params: AuditLogFilterParams; actors: AuditActorOption[] }) {
  const actorOptions = [
    { value: "", label: "Anyone" },
    ...actors.map((actor) => ({ value: actorParam(actor), label: actor.label })),
  ];
  const filtered = Boolean(params.actor || params.action || params.from || params.to);
  return (
    <FilterBar action={AUDIT_LOG_PATH} label="Filter the audit log" clearHref={filtered ? AUDIT_LOG_PATH : undefined}>
      <div className="sm:w-56">
        <SelectField
          label="Actor"
          name="actor"
          options={actorOptions}
          defaultValue={params.actor ?? ""}
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-56">
        <SelectField
          label="Action"
          name="action"
          options={ACTION_OPTIONS}
          defaultValue={params.action ?? ""}
          idPrefix="filter"
        />
      </div>
      <div className="sm:w-40">
        <TextField label="From" name="from" type="date" defaultValue={params.from} idPrefix="filter" />
      </div>
      <div className="sm:w-40">
        <TextField label="To" name="to" type="date" defaultValue={params.to} idPrefix="filter" />
      </div>
    </FilterBar>
  );
}
