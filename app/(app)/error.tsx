"use client";

import { styles } from "@/components/ui/styles";

// Anything a page of the app fails to load lands here, without the error's text (it may be
// internal); the digest matches the server's log line.
export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section role="alert" className={`${styles.card} mx-auto max-w-lg space-y-3 p-8 text-center`}>
      <h1 className="text-xl font-semibold text-slate-900">This page could not be loaded</h1>
      <p className="text-sm text-slate-600">
        Something went wrong on our side. Try again; if it keeps happening, tell us the reference below.
      </p>
      {error.digest ? <p className="font-mono text-xs text-slate-500">Reference: {error.digest}</p> : null}
      <button type="button" onClick={reset} className={styles.primaryButton}>
        Try again
      </button>
    </section>
  );
}
