import type { ReactNode } from "react";
import { styles } from "./styles";

export interface DataTableColumn {
  label: string;
  /** Extra classes for the header cell, e.g. `hidden md:table-cell` or `text-right`. */
  className?: string;
  /** A header read to screen readers only (an actions column). */
  srOnly?: boolean;
}

// The frame every staff table shares: horizontal scroll on narrow screens, the header row,
// the body's dividers. Each table passes its columns (null drops one) and its rows.
export function DataTable({
  label,
  columns,
  children,
}: {
  label?: string;
  columns: ReadonlyArray<DataTableColumn | null>;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto">
      <table className={styles.table} aria-label={label}>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) =>
              column ? (
                <th
                  key={column.label}
                  scope="col"
                  className={column.className ? `${styles.th} ${column.className}` : styles.th}
                >
                  {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              ) : null,
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
