import { index, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// Every "Forgot password?" request, known email or not, for throttling by email and by address
// (lib/auth/password-reset-throttle.ts). Rows older than a day are pruned as new ones arrive.
export const passwordResetRequests = pgTable(
  "password_reset_requests",
  {
    id: serial().primaryKey(),
    // Lower-cased, as typed: unknown emails are counted like known ones.
    email: text().notNull(),
    // The client's address as the request headers say (null when they say nothing).
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [
    // Recent requests for one email, and pruning.
    index("password_reset_requests_email_created_idx").on(t.email, t.createdAt),
    // Recent requests from one address.
    index("password_reset_requests_ip_created_idx").on(t.ip, t.createdAt),
  ],
);
