import { sql } from "drizzle-orm";
import { boolean, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, updatedAt } from "./columns";
import { CUSTOM_FIELD_RESOURCES, CUSTOM_FIELD_TYPES } from "../enums";

export const customFieldResourceEnum = pgEnum("custom_field_resource", CUSTOM_FIELD_RESOURCES);
export const customFieldTypeEnum = pgEnum("custom_field_type", CUSTOM_FIELD_TYPES);

// The fields an account adds to its leads or properties (Settings → Custom fields). Records keep
// their values in their own `custom_fields` jsonb, by key; a deleted definition's values stay
// stored but never leave in an answer.
export const customFieldDefinitions = pgTable(
  "custom_field_definitions",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    resource: customFieldResourceEnum().notNull(),
    // The API's name for it (`customFields.<key>`, `cf[<key>]=…`).
    key: text().notNull(),
    label: text().notNull(),
    type: customFieldTypeEnum().notNull(),
    // The choices of a single or multi select, in order.
    options: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    required: boolean().notNull().default(false),
    // Order in forms and pages.
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One key per resource per account; also every read of an account's definitions.
    uniqueIndex("custom_field_definitions_account_key_unique").on(t.accountId, t.resource, t.key),
  ],
);

export type CustomFieldDefinition = typeof customFieldDefinitions.$inferSelect;
