"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import { styles } from "@/components/ui/styles";

// A key row's modal: "Roll key" and "Edit permissions". Radix Dialog gives the modal behaviour
// (focus moves in and is trapped, Escape or the backdrop closes it, focus returns to the
// trigger). The trigger can be hidden while the dialog stays open, so a rolled key's new secret
// stays on screen after the list refreshes and the old row loses its "Roll key" button. The
// content mounts on each opening, so a form opened again starts from the key as it is now.
// A Cancel button inside is a Dialog.Close.
export function KeyDialog({
  triggerLabel,
  triggerAriaLabel,
  showTrigger = true,
  title,
  onOpen,
  closeSignal,
  children,
}: {
  triggerLabel: string;
  triggerAriaLabel: string;
  showTrigger?: boolean;
  title: string;
  onOpen?: () => void;
  /** Closes the dialog whenever it changes to a truthy value (an action's success, "Done"). */
  closeSignal?: unknown;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // A new truthy signal closes the dialog in the same render (React's "adjust state on a change"
  // pattern), so what the content shows once closed never flashes.
  const [seenSignal, setSeenSignal] = useState(closeSignal);
  if (closeSignal !== seenSignal) {
    setSeenSignal(closeSignal);
    if (closeSignal) setOpen(false);
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpen?.();
        setOpen(next);
      }}
    >
      {showTrigger ? (
        <Dialog.Trigger className={`${styles.smallButton} whitespace-nowrap`} aria-label={triggerAriaLabel}>
          {triggerLabel}
        </Dialog.Trigger>
      ) : null}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.modalOverlay} />
        <Dialog.Content aria-describedby={undefined} className={`${styles.modalPanel} max-w-2xl`}>
          <div className="space-y-4 p-6">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
