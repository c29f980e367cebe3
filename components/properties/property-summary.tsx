import { Fragment } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { PublicProperty } from "@/lib/properties/public-property";
import { propertyFieldEntries, type PropertyPagePlace } from "@/lib/schemas/property-fields";
import { propertyFieldValue, type PropertyValueContext } from "./property-field";

// The head of a property's page, as an agent reads a listing: its title and status, a line of
// what it is ("House · For sale · $1,250,000 · Oakland"), then its own ids and custom fields.
// Each is a field of the registry with `page` (lib/schemas/property-fields.ts), in its order,
// shown by the one field renderer (property-field.tsx); the form below holds every field.
export function PropertySummary({ property, context }: { property: PublicProperty; context: PropertyValueContext }) {
  const shown = (place: PropertyPagePlace) =>
    propertyFieldEntries().flatMap(([field, spec]) => {
      if (spec.page !== place) return [];
      const value = propertyFieldValue(spec, property[field], property, context);
      return value === null || value === undefined ? [] : [{ field, spec, value }];
    });
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {shown("title").map(({ field, value }) => (
          <h1 key={field} className="text-2xl font-semibold tracking-tight text-slate-900">
            {value}
          </h1>
        ))}
        {shown("badge").map(({ field, spec, value }) => (
          <Badge key={field} tone={(spec.tones?.[String(property[field])] ?? "slate") as BadgeTone}>
            {value}
          </Badge>
        ))}
      </div>
      <p className="text-sm text-slate-600">
        {shown("line").map(({ field, value }, i) => (
          <Fragment key={field}>
            {i ? " · " : null}
            {value}
          </Fragment>
        ))}
      </p>
      {shown("below").map(({ field, spec, value }) =>
        spec.value === "customFields" ? (
          <div key={field}>{value}</div>
        ) : (
          <p key={field} className="text-xs text-slate-500">
            {spec.label} {value}
          </p>
        ),
      )}
    </div>
  );
}
