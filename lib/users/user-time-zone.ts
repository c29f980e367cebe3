import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { isKnownTimeZone } from "@/lib/accounts/time-zone-options";

// A person's own time zone (the profile page). Empty means "the account's": the column is null
// and the account's zone applies (Member.timeZone), following the account if an owner changes it.
const userTimeZoneSchema = z.object({
  timezone: z
    .string()
    .trim()
    .refine((zone) => zone === "" || isKnownTimeZone(zone), "Choose a time zone from the list.")
    .transform((zone) => zone || null),
});

/** The user's own zone as stored: null when they follow the account's. */
export async function getUserTimeZone(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.timezone ?? null;
}

export async function setUserTimeZone(userId: string, input: { timezone: string }): Promise<string | null> {
  const { timezone } = userTimeZoneSchema.parse(input);
  const db = await getDb();
  await db.update(users).set({ timezone }).where(eq(users.id, userId));
  return timezone;
}
