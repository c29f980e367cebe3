import { styles } from "./styles";

interface TextFieldProps {
  label: string;
  name: string;
  type?: "text" | "email" | "password" | "tel" | "search" | "date" | "url";
  defaultValue?: string;
  error?: string;
  hint?: string;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  autoFocus?: boolean;
  placeholder?: string;
  inputMode?: "text" | "numeric" | "decimal" | "tel" | "email" | "search";
  /** When several forms on one page share field names, a prefix keeps their ids unique. */
  idPrefix?: string;
}

// A labelled input whose error is announced and tied to it (aria-describedby).
export function TextField({ label, name, type = "text", error, hint, idPrefix = "field", ...input }: TextFieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input id={id} name={name} type={type} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
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
