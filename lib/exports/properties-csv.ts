import { getDb } from "@/db/client";
import { recordAudit, type AuditActor } from "@/lib/audit/record-audit";
import { areaIn } from "@/lib/properties/area-units";
import { listCustomFieldDefinitions } from "@/lib/custom-fields/custom-field-definitions";
import { LISTING_TYPE_LABELS, PROPERTY_STATUS_LABELS, PROPERTY_TYPE_LABELS } from "@/lib/properties/property-labels";
import { listPropertyRows } from "@/lib/properties/list-properties";
import { toPublicProperty } from "@/lib/properties/public-property";
import { customFieldCell, customFieldHeaders, timeCell, type Cell } from "./csv-cells";
import { csvChunks, EXPORT_PAGE_SIZE, keysetPages } from "./csv-chunks";
import type { PropertyExportFilters } from "./list-export-filters";

// The properties list as CSV (Properties → Export CSV): every field of the property's public
// shape, the address in its five parts, and one column per custom field of the account's
// property definitions. Rows come from the list's own query (listPropertyRows).

const HEADER = [
  "LeadProp ID",
  "Title",
  "Description",
  "Type",
  "Listing type",
  "Status",
  "Price",
  "Currency",
  "Street",
  "City",
  "Region",
  "Postal code",
  "Country",
  "Bedrooms",
  "Bathrooms",
  "Area (m²)",
  "Area (sq ft)",
  "External ID",
  "Created (UTC)",
  "Updated (UTC)",
];

/** The file's name and its text, chunk by chunk; the audit log records who exported what. */
export async function propertiesCsv(
  accountId: string,
  filters: PropertyExportFilters,
  audit: AuditActor,
): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const definitions = await listCustomFieldDefinitions(accountId, "property");
  const pages = await keysetPages((cursor) =>
    listPropertyRows(accountId, { ...filters, limit: EXPORT_PAGE_SIZE, sort: "-createdAt", cursor }),
  );
  await recordAudit(await getDb(), accountId, audit, {
    action: "properties.exported",
    changes: { filters: [null, filters] },
  });
  async function* records(): AsyncGenerator<Cell[][]> {
    for await (const page of pages) {
      yield page.map((row) => {
        const property = toPublicProperty(row);
        const { address } = property;
        return [
          property.id,
          property.title,
          property.description,
          PROPERTY_TYPE_LABELS[property.type],
          LISTING_TYPE_LABELS[property.listingType],
          PROPERTY_STATUS_LABELS[property.status],
          property.price,
          property.currency,
          address.street,
          address.city,
          address.region,
          address.postalCode,
          address.country,
          property.bedrooms,
          property.bathrooms,
          property.areaSqm,
          // Both units: m² is what the API sends, square feet what US agents read.
          property.areaSqm === null ? null : areaIn(property.areaSqm, "sqft"),
          property.externalId,
          timeCell(property.createdAt),
          timeCell(property.updatedAt),
          ...definitions.map((def) => customFieldCell(def, row.customFields[def.key])),
        ];
      });
    }
  }
  const header = [...HEADER, ...customFieldHeaders(definitions, HEADER)];
  return {
    fileName: `properties-${new Date().toISOString().slice(0, 10)}.csv`,
    chunks: csvChunks(header, records()),
  };
}
