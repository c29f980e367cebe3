import type { PublicProperty } from "@/lib/properties/public-property";
import { fieldsAt, type PropertyValueContext } from "./property-field";

// The numbers a listing leads with (price, bedrooms, bathrooms, area), large and with their
// separators, as a portal's listing shows them above the fold: the registry's "fact" fields
// (lib/schemas/property-fields.ts). A lot without bedrooms shows none rather than a dash.
export function PropertyFacts({ property, context }: { property: PublicProperty; context: PropertyValueContext }) {
  const facts = fieldsAt("fact", property, context);
  return (
    <dl
      aria-label="Key facts"
      // The gaps are the separating lines: the border's colour shows through them.
      className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 shadow-sm sm:flex"
    >
      {facts.map(({ field, spec, value }) => (
        <div key={field} className="min-w-0 bg-white px-5 py-4 odd:last:col-span-2 sm:flex-1">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{spec.label}</dt>
          <dd className="mt-1 truncate text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
