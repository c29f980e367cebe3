import { styles } from "./styles";

// A labelled checkbox. `shownName` posts a hidden marker so the server can tell "unchecked"
// from "not on this form" (an unchecked box sends nothing).
export function CheckboxField({
  label,
  name,
  defaultChecked,
  hint,
  shownName,
  disabled,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
  hint?: string;
  shownName?: string;
  disabled?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className="flex items-start gap-3">
      {shownName ? <input type="hidden" name={shownName} value="1" /> : null}
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`mt-0.5 size-4 rounded border-slate-300 text-indigo-600 ${styles.focusRing}`}
      />
      <div className="space-y-0.5">
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
