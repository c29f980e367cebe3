import type { CSSProperties, ReactNode } from "react";
import { styles } from "./styles";
import layout from "./data-table.module.css";

export interface DataTableColumn {
  label: string;
  /** Extra classes for the header cell, e.g. `hidden md:table-cell` or `text-right`. */
  className?: string;
  /** A header read to screen readers only (an actions column); its cells have no label as cards. */
  srOnly?: boolean;
}

/** The phone card layout labels up to this many columns (data-table.module.css has a rule each). */
const MAX_CARD_COLUMNS = 10;

/** A CSS string literal, for `content: var(--col-N)`. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, "\\$&")}"`;

// The frame every staff table shares: the header row, the body's dividers, and on a phone
// (below 640 px) each row as a card whose cells carry their column's name (phoneLayout "cards",
// the default; "scroll" keeps the table and scrolls it sideways). Each table passes its columns
// (null drops one) and its rows; a row's cells follow the columns, one each, in order.
export function DataTable({
  label,
  columns,
  phoneLayout = "cards",
  children,
}: {
  label?: string;
  columns: ReadonlyArray<DataTableColumn | null>;
  phoneLayout?: "cards" | "scroll";
  children: ReactNode;
}) {
  const shown = columns.filter((column): column is DataTableColumn => column !== null);
  const cards = phoneLayout === "cards";
  // Column N's label as --col-N (1-based, as :nth-child counts); bare columns listed in data-bare.
  const labels: Record<string, string> = {};
  const bare: number[] = [];
  if (cards)
    shown.slice(0, MAX_CARD_COLUMNS).forEach((column, index) => {
      if (column.srOnly) bare.push(index + 1);
      else labels[`--col-${index + 1}`] = cssString(column.label);
    });
  return (
    <div className="relative overflow-x-auto">
      <table
        className={cards ? `${styles.table} ${layout.cards}` : styles.table}
        aria-label={label}
        style={cards ? (labels as CSSProperties) : undefined}
        data-bare={bare.length ? bare.join(" ") : undefined}
      >
        <thead className="bg-slate-50">
          <tr>
            {shown.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={column.className ? `${styles.th} ${column.className}` : styles.th}
              >
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cards ? "sm:divide-y sm:divide-slate-100" : "divide-y divide-slate-100"}>{children}</tbody>
      </table>
    </div>
  );
}
