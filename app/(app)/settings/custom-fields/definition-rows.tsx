import Link from "next/link";
import type { PublicCustomFieldDefinition as CustomFieldDefinition } from "@/lib/schemas/custom-fields";
import { styles } from "@/components/ui/styles";
import { CUSTOM_FIELD_TYPE_LABELS } from "@/components/custom-fields/type-labels";
import { moveCustomFieldAction, updateCustomFieldAction } from "./actions";

// One resource's fields, in form order: edit (label, required, options), move, delete. Key and
// type are shown, never editable.
export function DefinitionRows({ title, definitions }: { title: string; definitions: CustomFieldDefinition[] }) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {definitions.length === 0 ? (
        <p className="text-sm text-slate-600">No custom fields yet.</p>
      ) : (
        <ol className="space-y-3">
          {definitions.map((d, i) => (
            <li key={d.id} className="rounded-md border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm">
                  <span className="font-medium text-slate-900">{d.label}</span>{" "}
                  <code className="font-mono text-slate-600">{d.key}</code> · {CUSTOM_FIELD_TYPE_LABELS[d.type]}
                  {d.required ? " · required" : ""}
                  {d.options.length ? ` · ${d.options.join(", ")}` : ""}
                </p>
                <div className="flex gap-2">
                  <MoveButton id={d.id} direction="up" label={`Move ${d.key} up`} disabled={i === 0} />
                  <MoveButton
                    id={d.id}
                    direction="down"
                    label={`Move ${d.key} down`}
                    disabled={i === definitions.length - 1}
                  />
                  <Link
                    href={`/settings/custom-fields?delete=${d.id}`}
                    className={styles.dangerTextButton}
                    aria-label={`Delete ${d.key}`}
                  >
                    Delete
                  </Link>
                </div>
              </div>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-indigo-700">Edit {d.key}</summary>
                <form action={updateCustomFieldAction} className="mt-3 grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name="fieldId" value={d.id} />
                  <label className="text-sm">
                    Label
                    <input name="label" required defaultValue={d.label} className={styles.input} />
                  </label>
                  <label className="flex items-center gap-2 self-end text-sm">
                    <input type="checkbox" name="required" defaultChecked={d.required} /> Required
                  </label>
                  {d.options.length ? (
                    <label className="text-sm sm:col-span-2">
                      Options (one per line; an option records use cannot be removed)
                      <textarea
                        name="options"
                        rows={Math.min(8, d.options.length + 1)}
                        defaultValue={d.options.join("\n")}
                        className={styles.input}
                      />
                    </label>
                  ) : null}
                  <div>
                    <button type="submit" className={styles.secondaryButton}>
                      Save {d.key}
                    </button>
                  </div>
                </form>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function MoveButton({
  id,
  direction,
  label,
  disabled,
}: {
  id: string;
  direction: "up" | "down";
  label: string;
  disabled: boolean;
}) {
  return (
    <form action={moveCustomFieldAction}>
      <input type="hidden" name="fieldId" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={styles.smallButton} aria-label={label} disabled={disabled}>
        {direction === "up" ? "↑" : "↓"}
      </button>
    </form>
  );
}
