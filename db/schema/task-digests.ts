import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./users";
import { createdAt } from "./columns";

// One row per agent-day whose morning digest of tasks was sent (lib/tasks/digest/): the key is
// the claim, so two workers, a retry or a restart never send one agent-day's digest twice.
export const taskDigests = pgTable(
  "task_digests",
  {
    accountId: text()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The calendar day the digest covers, in the agent's zone when it was sent.
    day: date({ mode: "string" }).notNull(),
    taskCount: integer().notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId, t.day] })],
);

export type TaskDigest = typeof taskDigests.$inferSelect;
