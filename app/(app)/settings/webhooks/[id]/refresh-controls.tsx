"use client";

import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";
import { styles } from "@/components/ui/styles";

const POLL_MS = 3_000;

// Deliveries happen in the background, so the log re-renders itself (router.refresh keeps the
// page's client state: an open response, a revealed secret) every few seconds while the tab is
// visible, and on "Refresh". Older pages do not poll: nothing new lands there.
export function RefreshControls({ poll }: { poll: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (!poll) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [poll, router]);

  return (
    <div className="flex items-center gap-3">
      {poll ? <span className="text-xs text-slate-500">Updates every few seconds</span> : null}
      <button
        type="button"
        className={styles.smallButton}
        disabled={pending}
        onClick={() => startTransition(() => router.refresh())}
      >
        {pending ? "Refreshing…" : "Refresh"}
      </button>
    </div>
  );
}
