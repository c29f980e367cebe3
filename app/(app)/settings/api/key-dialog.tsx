"use client";

import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { styles } from "@/components/ui/styles";

// A key row's modal (focus is trapped, Escape closes): "Roll key" and "Edit permissions". The
// trigger can be hidden while the dialog stays mounted, so a rolled key's new secret stays on
// screen after the list refreshes and the old row loses its "Roll key" button. Each opening
// remounts the content, so a form opened again starts from the key as it is now.
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
  /** Closes the dialog whenever it changes to a truthy value (an action's success). */
  closeSignal?: unknown;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [opens, setOpens] = useState(0);
  useEffect(() => {
    if (closeSignal) dialog.current?.close();
  }, [closeSignal]);
  return (
    <>
      {showTrigger ? (
        <button
          type="button"
          className={`${styles.smallButton} whitespace-nowrap`}
          aria-label={triggerAriaLabel}
          onClick={() => {
            onOpen?.();
            setOpens((n) => n + 1);
            dialog.current?.showModal();
          }}
        >
          {triggerLabel}
        </button>
      ) : null}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-lg border border-slate-200 p-0 text-left shadow-xl backdrop:bg-slate-900/40"
      >
        <div key={opens} className="space-y-4 p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      </dialog>
    </>
  );
}

/** For a button inside a KeyDialog (Cancel, Done): closes the dialog it is in. */
export function closeDialogOf(event: MouseEvent<HTMLElement>): void {
  event.currentTarget.closest("dialog")?.close();
}
