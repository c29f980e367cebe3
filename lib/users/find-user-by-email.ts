import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { users, type User } from "@/db/schema";

export async function findUserByEmail(email: string, db?: DbOrTx): Promise<User | undefined> {
  const conn = db ?? (await getDb());
  const [user] = await conn.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user;
}
