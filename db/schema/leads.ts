import { sql } from "drizzle-orm";
import { bigint, boolean, index, json, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./users";
import { properties } from "./properties";
import { createdAt, nullableTimestamp, updatedAt, version } from "./columns";
import { LEAD_STATUSES, LEAD_INTERESTS, type LeadConsent } from "../enums";
import type { DomainType } from "./domain-types";

export const leadStatusEnum = pgEnum("lead_status", LEAD_STATUSES);
export const leadInterestEnum = pgEnum("lead_interest", LEAD_INTERESTS);

export const leads = pgTable(
  "leads",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text(),
    // E.164.
    phone: text(),
    status: leadStatusEnum().notNull().default("new"),
    source: text(),
    interest: leadInterestEnum(),
    budget: bigint({ mode: "number" }),
    propertyId: text().references(() => properties.id, { onDelete: "set null" }),
    assignedTo: text().references(() => users.id, { onDelete: "set null" }),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text(),
    smsOptOut: boolean().notNull().default(false),
    // The opt-out was the lead's own (an inbound STOP): only their inbound START clears it, never
    // staff or the API (carrier rules; issue 22).
    smsOptOutByRecipient: boolean().notNull().default(false),
    // The integrator's own id for the lead, unique among the account's live leads.
    externalId: text(),
    // IANA zone of the lead, for quiet hours; null: derived from the phone, else the account's.
    timezone: text(),
    // The consent record: `{sms: {status, at, source, text, ip}}` (lib/schemas/leads.ts). json,
    // not jsonb: the text is kept as written, so PostgreSQL's serialization of a lead (lists, POST
    // /leads, events) is byte for byte JavaScript's (jsonb would reorder keys and add spaces).
    consent: json()
      .$type<LeadConsent>()
      .notNull()
      .default({ sms: { status: "unknown", at: null, source: null, text: null, ip: null } }),
    // Values of the account's custom fields for leads, by key (custom_field_definitions). json,
    // not jsonb, as `consent`: the text is kept as JavaScript wrote it (compact, keys in order),
    // so PostgreSQL's serialization of a lead is byte for byte JavaScript's. Filters read it as
    // jsonb through the expression index below.
    customFields: json().$type<DomainType<"customFieldValues">>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    // Soft delete: the API never removes a lead.
    deletedAt: nullableTimestamp(),
  },
  (t) => [
    // GET /leads with sort=±createdAt (keyset on createdAt, id), live leads only.
    index("leads_account_created_idx")
      .on(t.accountId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // GET /leads with sort=±updatedAt and the updatedAfter filter (incremental sync).
    index("leads_account_updated_idx")
      .on(t.accountId, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The web UI's leads list sorted by name, A→Z or Z→A (keyset on the name key, id): the key
    // is lib/pagination/keyset.ts's nameKey, the same expression with the same length.
    index("leads_account_name_idx")
      .on(t.accountId, sql`left(lower(${t.name}), 64)`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // GET /leads?status=… (pipeline views) paged by createdAt.
    index("leads_account_status_created_idx")
      .on(t.accountId, t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // One person's leads: the dashboard's "my leads by status" counts, the pipeline board's "My
    // leads" columns (keyset on createdAt, id within a status) and GET /leads?assignedTo=….
    index("leads_account_assignee_status_created_idx")
      .on(t.accountId, t.assignedTo, t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // GET /leads?q=…: `ILIKE '%…%'` on name, email and phone. Trigram GIN indexes (pg_trgm)
    // answer a substring search from the index; a B-tree cannot, so without them every search
    // reads all of an account's leads. One per column, so the query's OR becomes a BitmapOr.
    // fastupdate off: with GIN's default pending list, new leads' trigrams wait in an unsorted
    // list (up to 4 MB) that every search reads in full until a vacuum merges it; after a burst
    // of POST /leads, a search on a million leads went from 3 ms to 28 ms of execution
    // (`npm run bench`, scenario 3 after scenario 4). Each insert updates the index instead.
    index("leads_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
    index("leads_email_trgm_idx")
      .using("gin", t.email.op("gin_trgm_ops"))
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
    index("leads_phone_trgm_idx")
      .using("gin", t.phone.op("gin_trgm_ops"))
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
    // externalId is unique per account among live leads (a deleted lead frees it); also the
    // lookup of GET /leads?externalId=…, batch upserts and intake's first match.
    uniqueIndex("leads_account_external_id_unique")
      .on(t.accountId, t.externalId)
      .where(sql`${t.externalId} is not null and ${t.deletedAt} is null`),
    // Intake matches live leads by email (stored lower-cased), then by phone (E.164); inbound SMS
    // finds its lead by phone.
    index("leads_account_email_idx")
      .on(t.accountId, t.email)
      .where(sql`${t.email} is not null and ${t.deletedAt} is null`),
    index("leads_account_phone_idx")
      .on(t.accountId, t.phone)
      .where(sql`${t.phone} is not null and ${t.deletedAt} is null`),
    // GET /leads?cf[key]=value: containment (`custom_fields::jsonb @> {"key": value}`). Not
    // partial: a partial GIN index can be scanned whole with no condition of its own, and the
    // planner then answered other searches through it (lead-query-plans test).
    index("leads_custom_fields_idx").using("gin", sql`(${t.customFields}::jsonb) jsonb_path_ops`),
    // The web UI's "show deleted leads" view for owners.
    index("leads_account_deleted_idx")
      .on(t.accountId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // The property page's interested leads (and a property's delete, which sets their propertyId to null).
    index("leads_property_idx").on(t.propertyId),
  ],
);

export type Lead = typeof leads.$inferSelect;
