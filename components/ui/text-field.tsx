import { FieldFrame } from "./field-frame";
import { styles } from "./styles";

interface TextFieldProps {
  label: string;
  name: string;
  type?: "text" | "email" | "password" | "tel" | "search" | "date" | "datetime-local" | "time" | "url";
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
  idPrefix?: string;
}

// A labelled input whose error is announced and tied to it (aria-describedby).
export function TextField({ label, name, type = "text", error, hint, idPrefix, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} name={name} error={error} hint={hint} idPrefix={idPrefix}>
      {(control) => <input name={name} type={type} className={styles.input} {...control} {...input} />}
    </FieldFrame>
  );
}
