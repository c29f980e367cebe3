"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";

interface ActionMenuItem {
  key: string;
  label: string;
  /** A fuller name when the visible label alone is ambiguous ("Completed" → "Mark … completed"). */
  ariaLabel?: string;
  onSelect: () => void;
}

// A button opening a short menu of actions. Radix DropdownMenu gives the menu pattern people
// expect: Enter, Space or Down opens it with focus on the first item, arrows move, Enter
// chooses, Escape or a click outside closes it, focus returns to the button. The list is
// portalled, so a scrolling column or table does not clip it.
export function ActionMenu({
  trigger,
  triggerAriaLabel,
  triggerClassName,
  disabled = false,
  align = "start",
  items,
}: {
  trigger: ReactNode;
  triggerAriaLabel?: string;
  triggerClassName: string;
  /** Its items cannot be chosen (e.g. while an earlier choice is saving). The button itself
   * stays enabled: focus that returns to it after a choice must not be lost to a disabled one. */
  disabled?: boolean;
  /** Which edge of the button the list lines up with. */
  align?: "start" | "end";
  items: ActionMenuItem[];
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={triggerClassName} aria-label={triggerAriaLabel}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          className="z-50 min-w-36 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg focus:outline-none"
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.key}
              aria-label={item.ariaLabel}
              onSelect={item.onSelect}
              disabled={disabled}
              className="cursor-pointer select-none rounded px-2.5 py-1.5 text-slate-800 outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
