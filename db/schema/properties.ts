import { sql } from "drizzle-orm";
import {
  doublePrecision,
  bigint,
  index,
  integer,
  json,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, updatedAt, version } from "./columns";
import { PROPERTY_TYPES, LISTING_TYPES, PROPERTY_STATUSES } from "../enums";
import type { DomainType } from "./domain-types";

export const propertyTypeEnum = pgEnum("property_type", PROPERTY_TYPES);
export const listingTypeEnum = pgEnum("listing_type", LISTING_TYPES);
export const propertyStatusEnum = pgEnum("property_status", PROPERTY_STATUSES);

export const properties = pgTable(
  "properties",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text().notNull(),
    description: text(),
    type: propertyTypeEnum().notNull(),
    listingType: listingTypeEnum().notNull(),
    status: propertyStatusEnum().notNull().default("available"),
    price: bigint({ mode: "number" }),
    currency: varchar({ length: 3 }).notNull(),
    street: text(),
    city: text(),
    region: text(),
    postalCode: text(),
    country: varchar({ length: 2 }),
    bedrooms: integer(),
    // Halves count (2.5: two full baths and a half bath, as US listings say); double precision
    // holds every half exactly, and the API refuses anything else (lib/schemas/properties.ts).
    bathrooms: doublePrecision(),
    areaSqm: doublePrecision(),
    // The integrator's own id for the listing (an MLS number, another CRM's id), unique per account.
    externalId: text(),
    // Values of the account's custom fields for properties, by key (custom_field_definitions);
    // json, not jsonb, for the reason given on leads.custom_fields.
    customFields: json().$type<DomainType<"customFieldValues">>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // GET /properties with sort=±createdAt (keyset on createdAt, id).
    index("properties_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // GET /properties with sort=±updatedAt.
    index("properties_account_updated_idx").on(t.accountId, t.updatedAt, t.id),
    // externalId is unique per account; also GET /properties?externalId=… and batch upserts.
    uniqueIndex("properties_account_external_id_unique")
      .on(t.accountId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // GET /properties?cf[key]=value: containment on the jsonb of the column.
    index("properties_custom_fields_idx").using("gin", sql`(${t.customFields}::jsonb) jsonb_path_ops`),
  ],
);

export type Property = typeof properties.$inferSelect;
