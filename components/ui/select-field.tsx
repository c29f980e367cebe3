import { FieldFrame } from "./field-frame";
import { styles } from "./styles";

interface SelectFieldProps {
  label: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
  error?: string;
  hint?: string;
  required?: boolean;
  idPrefix?: string;
}

export function SelectField({ label, name, options, error, hint, idPrefix, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} name={name} error={error} hint={hint} idPrefix={idPrefix}>
      {(control) => (
        <select name={name} className={styles.input} {...control} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
