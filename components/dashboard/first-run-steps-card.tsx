import Link from "next/link";
import type { FirstRunStep } from "@/lib/dashboard/get-first-run-steps";
import { styles } from "@/components/ui/styles";

// An owner's setup checklist, each step done or not as the account's data says. Hidden once
// every step is done: it is a welcome, not a permanent fixture.
export function FirstRunStepsCard({ steps }: { steps: FirstRunStep[] }) {
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <section aria-labelledby="first-run-title" data-testid="first-run-steps" className={`${styles.card} p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="first-run-title" className="text-base font-semibold text-slate-900">
          Set up your agency
        </h2>
        <p className="text-sm text-slate-500">
          {done} of {steps.length} done
        </p>
      </div>
      <ol className="mt-3 grid gap-3 md:grid-cols-3">
        {steps.map((step) => (
          <li
            key={step.key}
            data-testid={`first-run-${step.key}`}
            data-done={step.done}
            className={`rounded-md border p-3 text-sm ${step.done ? "border-emerald-200 bg-emerald-50" : "border-slate-200"}`}
          >
            <p className="flex items-center gap-2 font-medium text-slate-900">
              <span
                aria-hidden
                className={`inline-flex h-5 w-5 items-center justify-center rounded-full text-xs ${step.done ? "bg-emerald-600 text-white" : "border border-slate-300 text-transparent"}`}
              >
                ✓
              </span>
              {step.title}
              <span className="sr-only">{step.done ? "(done)" : "(not done yet)"}</span>
            </p>
            <p className="mt-1 text-slate-600">{step.description}</p>
            {step.done ? (
              <p className="mt-2 text-emerald-800">Done</p>
            ) : (
              <Link href={step.href} className={`${styles.link} mt-2 inline-block`}>
                {step.title} →
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
