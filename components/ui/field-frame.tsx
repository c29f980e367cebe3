import type { ReactNode } from "react";
import { styles } from "./styles";

/** What the control inside a FieldFrame spreads onto itself. */
interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FieldFrameProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  /** When several forms on one page share field names, a prefix keeps their ids unique. */
  idPrefix?: string;
  children: (control: FieldControlProps) => ReactNode;
}

// The label, hint and announced error every form field shares; the error is tied to the
// control by aria-describedby. TextField, TextareaField and SelectField put their control in it.
export function FieldFrame({ label, name, error, hint, idPrefix = "field", children }: FieldFrameProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
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
