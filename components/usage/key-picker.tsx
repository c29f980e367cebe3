import { styles } from "@/components/ui/styles";
import { USAGE_ANCHOR, USAGE_PATH } from "./usage-href";

export interface KeyOption {
  id: string;
  name: string;
  prefix: string;
  revoked: boolean;
}

// One key at a time, or all of them: a select stays usable with dozens of keys where a section
// per key would not. A plain GET form, so it works before (and without) JavaScript; changing the key drops
// the status filter and the page position, which belong to the previous key.
export function KeyPicker({ keys, selectedId }: { keys: KeyOption[]; selectedId: string }) {
  return (
    <form
      method="get"
      action={`${USAGE_PATH}#${USAGE_ANCHOR}`}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="min-w-0 flex-1 space-y-1.5 sm:max-w-md">
        <label htmlFor="usage-key" className={styles.label}>
          API key
        </label>
        <select id="usage-key" name="key" defaultValue={selectedId} className={styles.input}>
          {keys.length > 1 ? <option value="all">All keys (the account&apos;s total)</option> : null}
          {keys.map((key) => (
            <option key={key.id} value={key.id}>
              {`${key.name} · ${key.prefix}…${key.revoked ? " (revoked)" : ""}`}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={styles.secondaryButton}>
        Show usage
      </button>
    </form>
  );
}
