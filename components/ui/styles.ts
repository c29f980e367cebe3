// Shared class lists, so every button, input and table looks and focuses the same way.
const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const button = `inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const styles = {
  focusRing,
  primaryButton: `${button} bg-indigo-600 text-white hover:bg-indigo-500`,
  secondaryButton: `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  dangerButton: `${button} bg-red-600 text-white hover:bg-red-500 focus-visible:outline-red-600`,
  smallButton: `inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`,
  dangerTextButton: `rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 ${focusRing}`,
  input:
    "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500/20",
  label: "block text-sm font-medium text-slate-800",
  card: "rounded-lg border border-slate-200 bg-white shadow-sm",
  link: `font-medium text-indigo-700 underline-offset-2 hover:underline ${focusRing} rounded-sm`,
  table: "min-w-full divide-y divide-slate-200 text-sm",
  th: "px-4 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-500",
  td: "px-4 py-3 align-middle text-slate-700",
  /** A modal's dimmed backdrop and its centred panel (add a max-w-*); Radix renders both. */
  modalOverlay: "fixed inset-0 z-40 bg-slate-900/40",
  modalPanel:
    "fixed left-1/2 top-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-slate-200 bg-white text-left shadow-xl focus:outline-none",
} as const;
