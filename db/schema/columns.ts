import { sql } from "drizzle-orm";
import { customType, integer, timestamp } from "drizzle-orm/pg-core";

// Shared column helpers. Timestamps are timestamptz with millisecond precision so that
// API times round-trip exactly (`2026-11-22T09:30:00.000Z`) and keyset cursors compare equal.
export const createdAt = () => timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp({ withTimezone: true, precision: 3, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A record's version (leads, properties, visits): 1 on insert, one more with every change. Every
 * Drizzle UPDATE of the table sets `version = version + 1` in its own statement, so the number is
 * taken under the row's lock, two writers of one row never share one, and no service can forget
 * it. It is the order receivers apply events in, and the ETag If-Match compares. */
export const version = () =>
  integer()
    .notNull()
    .default(1)
    .$onUpdateFn(() => sql`"version" + 1`);

export const nullableTimestamp = () => timestamp({ withTimezone: true, precision: 3, mode: "date" });

/** PostgreSQL's 64-bit transaction id (never wraps around), carried as decimal text. */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
