"use client";

import { useState } from "react";
import { styles } from "@/components/ui/styles";

// Copies `text`; falls back to selecting it where the clipboard API is unavailable (plain
// http on a LAN address is not a secure context).
export function CopyButton({ text, targetId }: { text: string; targetId: string }) {
  const [status, setStatus] = useState<"idle" | "copied" | "select">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus("copied");
    } catch {
      const target = document.getElementById(targetId);
      if (target) window.getSelection()?.selectAllChildren(target);
      setStatus("select");
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} className={styles.secondaryButton}>
        {status === "copied" ? "Copied" : "Copy"}
      </button>
      <span role="status" className="text-xs text-slate-600">
        {status === "copied"
          ? "Copied to the clipboard."
          : status === "select"
            ? "Selected: press Ctrl+C (⌘C) to copy."
            : ""}
      </span>
    </span>
  );
}
