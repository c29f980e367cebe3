import { styles } from "./styles";

// A titled card of a detail page; `id` is the anchor of its heading (/leads/…#activity).
export function Panel({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`${styles.card} overflow-hidden`}>
      <h2
        id={`${id}-title`}
        className="scroll-mt-4 border-b border-slate-100 px-5 py-3 text-base font-semibold text-slate-900"
      >
        <span id={id}>{title}</span>
      </h2>
      {children}
    </section>
  );
}
