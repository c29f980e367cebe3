"use client";

import * as Popover from "@radix-ui/react-popover";
import { styles } from "@/components/ui/styles";

// A delivery's response body, folded behind its size. Radix Popover floats it over the rows
// below (portalled, so the table's scroll box does not clip it) rather than widening a table
// that already fills the page; Escape or a click outside closes it and focus returns.
export function ResponsePopover({ triggerLabel, label, body }: { triggerLabel: string; label: string; body: string }) {
  return (
    <Popover.Root>
      <Popover.Trigger className={`cursor-pointer rounded-sm text-xs font-medium text-indigo-700 ${styles.focusRing}`}>
        {triggerLabel}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={label}
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 rounded-md border border-slate-200 bg-white shadow-lg focus:outline-none"
        >
          <pre className="max-h-64 w-96 max-w-[80vw] overflow-auto whitespace-pre-wrap break-all p-3 font-mono text-xs text-slate-800">
            {body}
          </pre>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
