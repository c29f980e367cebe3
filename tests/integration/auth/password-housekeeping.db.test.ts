import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { mailOutbox, passwordResetRequests, passwordResetTokens } from "@/db/schema";
import { expireOldRecords } from "@/lib/housekeeping/expire-old-records";
import { newId } from "@/lib/ids/new-id";
import { newOwner, unique } from "./password-fixtures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`password and mail housekeeping on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("drops reset requests and tokens a day after they stop mattering, and outbox mail after 30 days", async () => {
    const db = await getDb();
    const owner = await newOwner();
    const email = `hk-${unique()}@x.test`;
    const ago = (ms: number) => new Date(Date.now() - ms);
    await db.insert(passwordResetRequests).values([
      { email, ip: null, createdAt: ago(DAY + HOUR) },
      { email, ip: null, createdAt: ago(DAY - HOUR) },
    ]);
    const token = (expiredFor: number) => ({
      id: newId("passwordResetToken"),
      userId: owner.userId,
      tokenHash: `hash-${unique()}`,
      expiresAt: ago(expiredFor),
    });
    const [stale, recent] = [token(DAY + HOUR), token(HOUR)];
    await db.insert(passwordResetTokens).values([stale, recent]);
    const mail = (age: number) => ({
      id: newId("mail"),
      from: "a@x.test",
      to: email,
      subject: "s",
      text: "t",
      createdAt: ago(age),
    });
    await db.insert(mailOutbox).values([mail(31 * DAY), mail(29 * DAY)]);

    await expireOldRecords();

    const requests = await db.select().from(passwordResetRequests).where(eq(passwordResetRequests.email, email));
    expect(requests).toHaveLength(1);
    const tokens = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, owner.userId));
    expect(tokens.map((row) => row.id)).toEqual([recent.id]);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 30 * DAY);
  });
});
