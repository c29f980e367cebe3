import { pgTable, primaryKey, text, integer } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { webhookEndpoints } from "./webhook-endpoints";

// A Resend of the delivery log waiting for its worker: one row per attempt it will make, taken in
// the transaction that queues the job. Two clicks at once compute the same next attempt; the second
// insert waits on the first's key and then finds it taken, so it queues nothing: one request, one
// send. The worker deletes the row when it records the attempt, so the next click is a new request.
export const webhookResends = pgTable(
  "webhook_resends",
  {
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text().notNull(),
    attempt: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.eventId, t.attempt] })],
);
