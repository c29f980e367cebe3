import { Fragment } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { PublicProperty } from "@/lib/properties/public-property";
import { fieldsAt, type PropertyValueContext } from "./property-field";

// The head of a property's page, as an agent reads a listing: its title and status, then a line
// of what it is and where ("House · For sale · Oakland"). Each is a field of the registry placed
// there (lib/schemas/property-fields.ts), shown by the one field renderer (property-field.tsx);
// the key facts (property-facts.tsx) and the Details panel (property-details.tsx) follow.
export function PropertySummary({ property, context }: { property: PublicProperty; context: PropertyValueContext }) {
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {fieldsAt("title", property, context).map(({ field, value }) => (
          <h1 key={field} className="break-words text-2xl font-semibold tracking-tight text-slate-900">
            {value}
          </h1>
        ))}
        {fieldsAt("badge", property, context).map(({ field, spec, value }) => (
          <Badge key={field} tone={(spec.tones?.[String(property[field])] ?? "slate") as BadgeTone}>
            {value}
          </Badge>
        ))}
      </div>
      <p className="text-sm text-slate-600">
        {fieldsAt("line", property, context).map(({ field, value }, i) => (
          <Fragment key={field}>
            {i ? " · " : null}
            {value}
          </Fragment>
        ))}
      </p>
    </div>
  );
}
