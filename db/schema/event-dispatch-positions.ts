import { pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt, xid8 } from "./columns";

// Where the webhook dispatcher has got to in the feed (lib/webhooks/dispatch/): the last event it
// fanned out, as a feed position (txid, id). One row, "webhooks", moved forward in the same
// transaction that queues the batch's deliveries, so a dispatcher that dies mid-batch leaves it
// where it was and the next one redoes that batch whole: nothing skipped, nothing queued twice.
export const eventDispatchPositions = pgTable("event_dispatch_positions", {
  name: text().primaryKey(),
  txid: xid8().notNull(),
  eventId: text().notNull(),
  updatedAt: updatedAt(),
});
