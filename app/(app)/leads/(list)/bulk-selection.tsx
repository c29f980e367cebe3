"use client";

import { createContext, useContext, useMemo, useState } from "react";

// Which leads of the list are ticked for a bulk action: rows on this page, or (`allMatching`)
// every lead the filters match. Held in the browser only; a new page or filter starts empty.

interface Selection {
  pageIds: readonly string[];
  selected: ReadonlySet<string>;
  allMatching: boolean;
  toggle: (id: string) => void;
  togglePage: () => void;
  selectAllMatching: () => void;
  clear: () => void;
}

const SelectionContext = createContext<Selection | null>(null);

export function useBulkSelection(): Selection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error("useBulkSelection outside BulkSelectionProvider");
  return selection;
}

export function BulkSelectionProvider({ pageIds, children }: { pageIds: string[]; children: React.ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const value = useMemo<Selection>(
    () => ({
      pageIds,
      selected,
      allMatching,
      toggle: (id) => {
        setAllMatching(false);
        setSelected((now) => {
          const next = new Set(now);
          if (!next.delete(id)) next.add(id);
          return next;
        });
      },
      togglePage: () => {
        setAllMatching(false);
        setSelected((now) => (pageIds.every((id) => now.has(id)) ? new Set() : new Set(pageIds)));
      },
      selectAllMatching: () => {
        setSelected(new Set(pageIds));
        setAllMatching(true);
      },
      clear: () => {
        setSelected(new Set());
        setAllMatching(false);
      },
    }),
    [pageIds, selected, allMatching],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

const BOX = "size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600";

/** A row's box, named by the lead for screen readers. */
export function RowCheckbox({ leadId, name }: { leadId: string; name: string }) {
  const { selected, toggle } = useBulkSelection();
  return (
    <input
      type="checkbox"
      className={BOX}
      checked={selected.has(leadId)}
      onChange={() => toggle(leadId)}
      aria-label={`Select ${name}`}
    />
  );
}

/** The header's box: every row of this page, or none. */
export function PageCheckbox() {
  const { pageIds, selected, togglePage } = useBulkSelection();
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const some = !all && pageIds.some((id) => selected.has(id));
  return (
    <input
      type="checkbox"
      className={BOX}
      checked={all}
      ref={(box) => {
        if (box) box.indeterminate = some;
      }}
      onChange={togglePage}
      aria-label="Select all leads on this page"
    />
  );
}
