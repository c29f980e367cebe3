import { sql } from "drizzle-orm";
import { index, json, pgTable, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { actorTypeEnum } from "./activities";
import { createdAt, xid8 } from "./columns";
import type { AnyEventType } from "../enums";
import type { DomainType } from "./domain-types";

// Every change, one row, written in the change's own transaction (lib/events/record-event.ts);
// kept 30 days. `txid` is the writing transaction's id: the feed reads in (txid, id) order and
// only below the oldest transaction still running, so an event is never passed over by a reader
// because it committed late (lib/events/list-events.ts explains why that holds).
export const events = pgTable(
  "events",
  {
    id: text().primaryKey(),
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text().$type<AnyEventType>().notNull(),
    objectId: text().notNull(),
    // json, not jsonb: the object keeps its public key order, and the stored text is what is sent.
    data: json().$type<DomainType<"eventData">>().notNull(),
    actorType: actorTypeEnum().notNull(),
    actorId: text(),
    actorName: text().notNull(),
    requestId: text(),
    // The W3C trace context of the change (when tracing is on): the dispatcher sends the event's
    // deliveries in it, so a request's trace reaches the jobs it caused (lib/webhooks/dispatch/).
    traceContext: text(),
    txid: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /events: the feed, in both directions, with or without a type filter.
    index("events_account_txid_idx").on(t.accountId, t.txid, t.id),
    // GET /events?objectId=….
    index("events_account_object_idx").on(t.accountId, t.objectId, t.txid, t.id),
    // The webhook dispatcher: every account's events past its position, in feed order.
    index("events_txid_idx").on(t.txid, t.id),
    // The 30-day expiry sweep.
    index("events_created_idx").on(t.createdAt),
  ],
);

export type EventRow = typeof events.$inferSelect;
