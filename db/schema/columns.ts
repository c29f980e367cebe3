import { customType, timestamp } from "drizzle-orm/pg-core";

// Shared column helpers. Timestamps are timestamptz with millisecond precision so that
// API times round-trip exactly (`2026-11-22T09:30:00.000Z`) and keyset cursors compare equal.
export const createdAt = () => timestamp({ withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp({ withTimezone: true, precision: 3, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const nullableTimestamp = () => timestamp({ withTimezone: true, precision: 3, mode: "date" });

/** PostgreSQL's 64-bit transaction id (never wraps around), carried as decimal text. */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
