import Link from "next/link";
import type { PublicProperty } from "@/lib/properties/public-property";
import {
  LISTING_TYPE_LABELS,
  PROPERTY_STATUS_LABELS,
  PROPERTY_STATUS_TONES,
  PROPERTY_TYPE_LABELS,
} from "@/lib/properties/property-labels";
import { formatInZone } from "@/components/ui/format-date";
import { formatMoney } from "@/components/ui/format-money";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { styles } from "@/components/ui/styles";

const rooms = (p: PublicProperty) =>
  p.bedrooms === null && p.bathrooms === null ? "—" : `${p.bedrooms ?? "–"} bd · ${p.bathrooms ?? "–"} ba`;

export function PropertiesTable({ properties, timeZone }: { properties: PublicProperty[]; timeZone: string }) {
  return (
    <DataTable
      label="Properties"
      columns={[
        { label: "Property" },
        { label: "Status" },
        { label: "Price", className: "text-right" },
        { label: "Type", className: "hidden md:table-cell" },
        { label: "Rooms", className: "hidden lg:table-cell" },
        { label: "Added", className: "hidden md:table-cell" },
      ]}
    >
      {properties.map((p) => (
        <tr key={p.id} data-testid="property-row" className="hover:bg-slate-50">
          <td className={styles.td}>
            <Link href={`/properties/${p.id}`} className={styles.link}>
              {p.title}
            </Link>
            <span className="block text-xs text-slate-500">
              {[p.address.street, p.address.city].filter(Boolean).join(", ") || "No address"}
            </span>
          </td>
          <td className={styles.td}>
            <Badge tone={PROPERTY_STATUS_TONES[p.status]}>{PROPERTY_STATUS_LABELS[p.status]}</Badge>
          </td>
          <td className={`${styles.td} whitespace-nowrap text-right tabular-nums`}>
            {formatMoney(p.price, p.currency)}
            {p.listingType === "rent" && p.price !== null ? <span className="text-xs text-slate-500"> /mo</span> : null}
          </td>
          <td className={`${styles.td} hidden md:table-cell`}>
            {PROPERTY_TYPE_LABELS[p.type]}{" "}
            <span className="text-slate-500">· {LISTING_TYPE_LABELS[p.listingType]}</span>
          </td>
          <td className={`${styles.td} hidden whitespace-nowrap lg:table-cell`}>{rooms(p)}</td>
          <td className={`${styles.td} hidden whitespace-nowrap md:table-cell`}>
            <time dateTime={p.createdAt}>{formatInZone(p.createdAt, timeZone, "date")}</time>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
