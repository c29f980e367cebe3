"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition, type ReactNode } from "react";
import { styles } from "@/components/ui/styles";

// A list's filters that apply as you type: each change replaces the URL (no history entry per
// keystroke) after a pause, and the server renders the filtered list. Without JavaScript it is
// the same plain GET form with its submit button, so every filtered view is still a link.
//
// The fields are uncontrolled, rendered by the server with the URL's values. When the URL
// changes from elsewhere (a "My leads" link, Back, Clear), the fields are remounted with the new
// values; when it changes because of typing here, they are left alone (a remount would lose the
// caret and any keystrokes typed since).
//
// On a phone (below 640 px) the fields fold behind a "Filters" button that counts the ones in
// use, so the list starts on the first screen; they start open when a filter is in use.

const TYPING_PAUSE_MS = 350;
const TYPED = new Set(["text", "search", "email", "tel"]);

/** How many of the form's visible fields filter something (the sort rides along hidden). */
function fieldsInUse(form: HTMLFormElement): number {
  const names = new Set<string>();
  for (const element of form.elements)
    if (
      (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
      element.type !== "hidden" &&
      element.value.trim()
    )
      names.add(element.name);
  return names.size;
}

/** The form's non-empty fields as a query string (an empty field filters nothing). */
function queryOf(form: HTMLFormElement): string {
  const query = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string" && value.trim()) query.set(key, value);
  return query.toString();
}

export function LiveFilterForm({
  label,
  children,
  clearHref,
  submitLabel = "Apply",
}: {
  label: string;
  children: ReactNode;
  clearHref?: string;
  submitLabel?: string;
}) {
  const router = useRouter();
  const formId = useId();
  const pathname = usePathname();
  const current = useSearchParams().toString();
  const [pending, startTransition] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // `shown`: the query the fields hold. `seen`: the URL's query at the last render. `ours`: the
  // queries typing here asked for since the last remount (an older one may still land after a
  // newer one was asked for: the fields already hold the newer, so that is no reason to reset).
  const [shown, setShown] = useState(current);
  const [seen, setSeen] = useState(current);
  const [ours, setOurs] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const [inUse, setInUse] = useState(0);
  const [open, setOpen] = useState<boolean | null>(null);
  if (current !== seen) {
    setSeen(current);
    if (current !== shown && !ours.includes(current)) {
      setShown(current);
      setOurs([]);
      setVersion(version + 1);
    }
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  // Counted from the fields themselves once they are on screen (and after each change below).
  useEffect(() => {
    if (form.current) setInUse(fieldsInUse(form.current));
  }, [current, version]);
  const unfolded = open ?? inUse > 0;

  const apply = (form: HTMLFormElement, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const query = queryOf(form);
      setShown(query);
      if (query === current) return;
      setOurs((asked) => [...asked.slice(-9), query]);
      startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
    }, delay);
  };

  return (
    <div className="space-y-3">
      <button
        type="button"
        className={`${styles.secondaryButton} w-full sm:hidden`}
        aria-expanded={unfolded}
        aria-controls={formId}
        onClick={() => setOpen(!unfolded)}
      >
        Filters
        {inUse ? (
          <span className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
            <span className="sr-only">in use: </span>
            {inUse}
          </span>
        ) : null}
      </button>
      <form
        ref={form}
        id={formId}
        method="get"
        action={pathname}
        role="search"
        aria-label={label}
        className={`${unfolded ? "flex" : "hidden"} flex-col gap-3 sm:flex sm:flex-row sm:flex-wrap sm:items-end`}
        onChange={(event) => {
          setInUse(fieldsInUse(event.currentTarget));
          const typed = event.target instanceof HTMLInputElement && TYPED.has(event.target.type);
          apply(event.currentTarget, typed ? TYPING_PAUSE_MS : 0);
        }}
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget, 0);
        }}
      >
        <div key={version} className="contents">
          {children}
        </div>
        <div className="flex items-center gap-2">
          <button type="submit" className={styles.primaryButton}>
            {submitLabel}
          </button>
          {clearHref ? (
            <Link
              href={clearHref}
              className={styles.secondaryButton}
              onClick={() => clearTimeout(timer.current)}
              scroll={false}
            >
              Clear
            </Link>
          ) : null}
          <span role="status" className="text-xs text-slate-500">
            {pending ? "Updating…" : ""}
          </span>
        </div>
      </form>
    </div>
  );
}
