import { ilike, like, or, type SQL } from "drizzle-orm";
import { leads } from "@/db/schema";
import { likePattern } from "@/lib/query/like-pattern";

// A piece of an E.164 number as stored (lib/phone/normalize-phone.ts): "+" then digits.
const PHONE_FRAGMENT = /^\+?\d*$/;

/**
 * `q=`: a case-insensitive substring of the name, the email or the phone.
 *
 * Only the name needs ILIKE. ILIKE lower-cases every row it tests (PostgreSQL's lower() of the
 * whole value, per row), and a common name on a million leads tests ~2,800 rows before it has a
 * page (`npm run bench`, scenario 3). What is stored makes the other two cheaper, with the same
 * matches:
 * - email is stored lower-case (prepare-lead-fields.ts, the seeds), so LIKE of the lower-cased
 *   term finds what ILIKE would;
 * - phone is stored as E.164, so a term that still has anything but "+" and digits once its
 *   separators are dropped can match no phone: the test is left out (as for a term of
 *   separators only, which would otherwise match every phone).
 * The trigram indexes (db/schema/leads.ts) serve LIKE as they serve ILIKE.
 */
export function leadSearchCondition(q: string): SQL {
  const pattern = likePattern(q);
  const phone = q.replace(/[\s().-]/g, "");
  return or(
    ilike(leads.name, pattern),
    like(leads.email, pattern.toLowerCase()),
    phone !== "" && PHONE_FRAGMENT.test(phone) ? like(leads.phone, likePattern(phone)) : undefined,
  )!;
}
