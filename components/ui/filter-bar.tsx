import Link from "next/link";
import { styles } from "./styles";

// A list's filters: a plain GET form, so every filtered view is a link that can be shared,
// bookmarked and reloaded, and works before any JavaScript has loaded.
export function FilterBar({
  action,
  label,
  children,
  clearHref,
  submitLabel = "Apply",
  hidden = {},
}: {
  action: string;
  label: string;
  children: React.ReactNode;
  clearHref?: string;
  submitLabel?: string;
  hidden?: Record<string, string>;
}) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div className="flex gap-2">
        <button type="submit" className={styles.primaryButton}>
          {submitLabel}
        </button>
        {clearHref ? (
          <Link href={clearHref} className={styles.secondaryButton}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
