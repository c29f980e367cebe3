import { styles } from "./styles";

interface TextareaFieldProps {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  placeholder?: string;
  idPrefix?: string;
}

// The multi-line sibling of TextField: same label, hint and announced error.
export function TextareaField({ label, name, error, hint, rows = 4, idPrefix = "field", ...textarea }: TextareaFieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea id={id} name={name} rows={rows} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...textarea} />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
