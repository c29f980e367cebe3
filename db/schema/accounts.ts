import { boolean, integer, pgEnum, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { PLANS } from "../enums";

export const planEnum = pgEnum("plan", PLANS);

// An agency. Everything else hangs off an account and is scoped by its id.
export const accounts = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    plan: planEnum().notNull().default("starter"),
    // ISO 3166-1 alpha-2, applied to phone numbers written without a leading "+".
    defaultCountry: varchar({ length: 2 }).notNull().default("US"),
    // ISO 4217, the default currency of new properties.
    currency: varchar({ length: 3 }).notNull().default("USD"),
    // True while the account has a required custom field for leads (lib/custom-fields): read with
    // the API key, so POST /leads without customFields loads no definitions when it is false.
    hasRequiredLeadCustomFields: boolean().notNull().default(false),
    // Rises with every change to what routing reads: the account's rules, its members' active and
    // available flags, their names (triggers of migration 0037, so a change by any process or
    // release counts). Read with the API key: a process keeps the rules it read for this version
    // (lib/routing/cached-routing-rules.ts), and POST /leads reads none while it holds.
    routingVersion: integer().notNull().default(0),
    // The account's own SMS number (E.164) on the installation's Twilio account: outbound texts
    // go from it and an inbound message to it belongs to this account (lib/sms/route-inbound-sms.ts).
    // Set by the operator (CLI `account sms-number`), never by an owner: claiming a number would
    // redirect another agency's replies. Null: the installation's shared number.
    smsNumber: text(),
    // IANA zone: the web app's times, and quiet hours for a lead whose own zone is unknown.
    timezone: text().notNull().default("America/New_York"),
    // Texts go out only between 08:00 and 21:00 in the lead's local time (lib/sms quiet hours).
    smsQuietHours: boolean().notNull().default(true),
    // When on, a lead without granted SMS consent cannot be texted (422 consent_required).
    requireSmsConsent: boolean().notNull().default(false),
    // The pipeline follows the work (lib/leads/pipeline-moves.ts), each move on by default:
    // a first call, text, email or note moves a New lead to Contacted;
    autoMoveOnContact: boolean().notNull().default(true),
    // a booked visit moves the lead to Visit scheduled (never backwards) and gives it the property;
    autoMoveOnVisit: boolean().notNull().default(true),
    // a visit recorded as completed offers the lead's next status (a prompt, not a move).
    offerStatusAfterVisit: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per number: an inbound message's `To` finds its account through it.
    uniqueIndex("accounts_sms_number_unique").on(t.smsNumber),
  ],
);

export type Account = typeof accounts.$inferSelect;
