import { DetailRow } from "@/components/ui/detail-row";
import { shownCustomFields } from "@/lib/custom-fields/custom-field-ui";
import type { PublicProperty } from "@/lib/properties/public-property";
import { fieldsAt, type PropertyValueContext } from "./property-field";

// The Details panel read-only: the registry's "details" fields (lib/schemas/property-fields.ts)
// in its order, the address in its lines, the description as written, each custom field a row of
// its own. The panel's Edit button opens the form, which holds every field.
export function PropertyDetails({ property, context }: { property: PublicProperty; context: PropertyValueContext }) {
  return (
    <dl className="divide-y divide-slate-100" aria-label="Property summary">
      {fieldsAt("details", property, context).flatMap(({ field, spec, value }) =>
        spec.value === "customFields"
          ? shownCustomFields(context.customFields, property.customFields).map(({ definition, text }) => (
              <DetailRow key={`cf.${definition.key}`} term={definition.label}>
                {text}
              </DetailRow>
            ))
          : [
              <DetailRow key={field} term={spec.label}>
                {value}
              </DetailRow>,
            ],
      )}
    </dl>
  );
}
