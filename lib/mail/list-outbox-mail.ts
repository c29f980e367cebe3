import { desc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { mailOutbox, type OutboxMail } from "@/db/schema";

const PAGE_SIZE = 50;

/** The local outbox page: the latest emails, newest first. */
export async function listOutboxMail(db?: DbOrTx): Promise<OutboxMail[]> {
  const conn = db ?? (await getDb());
  return conn.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(PAGE_SIZE);
}

export async function getOutboxMail(id: string, db?: DbOrTx): Promise<OutboxMail | undefined> {
  const conn = db ?? (await getDb());
  const [mail] = await conn.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return mail;
}
