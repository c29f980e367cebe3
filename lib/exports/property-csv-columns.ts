import type { CustomFieldDefinition } from "@/db/schema";
import { areaIn } from "@/lib/properties/area-units";
import type { PublicProperty } from "@/lib/properties/public-property";
import { propertyFieldEntries, type PropertyFieldSpec } from "@/lib/schemas/property-fields";
import { withCustomFieldColumns, timeCell, type Cell } from "./csv-cells";

// The property export's columns, header and cell together, derived from the field registry
// (lib/schemas/property-fields.ts) in its order, as the lead export's are (lead-csv-columns.ts).

interface PropertyCsvColumn {
  header: string;
  cell(property: PublicProperty): Cell;
}

type Definition = Pick<CustomFieldDefinition, "key" | "label" | "type">;

function columnsOf(field: keyof PublicProperty, spec: PropertyFieldSpec): PropertyCsvColumn[] {
  const value = (property: PublicProperty) => property[field] as unknown;
  switch (spec.value) {
    case "enum":
      return [{ header: spec.label, cell: (p) => spec.values?.[value(p) as string] ?? (value(p) as Cell) }];
    case "address":
      return Object.entries(spec.parts ?? {}).map(([part, { label }]) => ({
        header: label,
        cell: (p) => p.address[part as keyof PublicProperty["address"]],
      }));
    // Both units: m² is what the API sends, square feet what US agents read.
    case "area":
      return [
        { header: `${spec.label} (m²)`, cell: (p) => value(p) as Cell },
        {
          header: `${spec.label} (sq ft)`,
          cell: (p) => (value(p) === null ? null : areaIn(value(p) as number, "sqft")),
        },
      ];
    case "time":
      return [{ header: `${spec.label} (UTC)`, cell: (p) => timeCell(value(p) as string) }];
    case "customFields":
      // One column per definition of the account: propertyCsvColumns adds them.
      return [];
    default:
      return [{ header: spec.label, cell: (p) => value(p) as Cell }];
  }
}

const FIXED = propertyFieldEntries().flatMap(([field, spec]) => (spec.csv ? columnsOf(field, spec) : []));

/** The columns, then one per custom field of the account's property definitions. */
export function propertyCsvColumns(definitions: readonly Definition[]): PropertyCsvColumn[] {
  return withCustomFieldColumns(FIXED, definitions);
}
