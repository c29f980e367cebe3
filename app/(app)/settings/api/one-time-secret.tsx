"use client";

import { useId, type MouseEvent } from "react";
import { styles } from "@/components/ui/styles";
import { CopyButton } from "./copy-button";

// A new secret, shown this once: after a created or rolled key. It lives only in the calling
// component's state; a reload or "Done" drops it for good.
export function OneTimeSecret({
  title,
  secret,
  testId,
  note,
  onDone,
}: {
  title: string;
  secret: string;
  testId: string;
  /** A line under the warning, e.g. until when a rolled key's old secret works. */
  note?: string;
  onDone: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const secretId = `${id}-secret`;
  return (
    <div
      tabIndex={-1}
      autoFocus
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 focus:outline-none"
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm font-medium text-amber-900">
        Copy this key now and store it somewhere safe. It will not be shown again.
      </p>
      {note ? <p className="text-sm text-slate-700">{note}</p> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          id={secretId}
          data-testid={testId}
          className="block min-w-0 flex-1 select-all break-all rounded-md border border-amber-200 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        >
          {secret}
        </code>
        <CopyButton text={secret} targetId={secretId} />
      </div>
      <button type="button" className={styles.secondaryButton} onClick={onDone}>
        Done
      </button>
    </div>
  );
}
