import { styles } from "./styles";

/** One choice of a radio group: its value, its label and a line saying what it means. */
export type RadioOption<V extends string> = readonly [value: V, label: string, hint: string];

// A row of radios, each with a one-line hint, for a form's "which kind" choice (a key's
// permission preset, an endpoint's event scope). Controlled, so the form can show what the
// choice unfolds.
export function RadioOptions<V extends string>({
  name,
  options,
  value,
  onChange,
}: {
  name: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
      {options.map(([option, label, hint]) => (
        <label key={option} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className={`mt-0.5 size-4 border-slate-300 text-indigo-600 ${styles.focusRing}`}
          />
          <span>
            <span className="font-medium">{label}</span>
            <span className="block text-xs text-slate-500">{hint}</span>
          </span>
        </label>
      ))}
    </div>
  );
}
