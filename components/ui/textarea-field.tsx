import { FieldFrame } from "./field-frame";
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
export function TextareaField({ label, name, error, hint, rows = 4, idPrefix, ...textarea }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} name={name} error={error} hint={hint} idPrefix={idPrefix}>
      {(control) => <textarea name={name} rows={rows} className={styles.input} {...control} {...textarea} />}
    </FieldFrame>
  );
}
