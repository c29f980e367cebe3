import { describe, expect, it } from "vitest";
import { createAccount } from "@/lib/accounts/create-account";
import { signupSchema } from "@/lib/accounts/signup-schema";
import { getAccountOrThrow } from "@/lib/accounts/get-account";
import { addUserToAccount } from "@/lib/users/add-user-to-account";
import { getMember } from "@/lib/users/get-member";
import { getUserTimeZone, setUserTimeZone } from "@/lib/users/user-time-zone";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Each person's zone: the browser's at signup (also the account's), else the account's; the
// profile page changes it or goes back to following the account.
describe(`user time zones on ${process.env.TEST_DB_ENGINE ?? "postgres"}`, () => {
  it("takes the signup browser's zone for the account and its owner; a member follows the account", async () => {
    const signup = signupSchema.parse({
      agencyName: "Rive Gauche Immobilier",
      name: "Paule Owner",
      email: `tz-owner-${unique()}@x.test`,
      plan: "agency",
      timezone: "Europe/Paris",
    });
    const { accountId, userId } = await createAccount({
      name: signup.agencyName,
      ownerName: signup.name,
      email: signup.email,
      password: "owner-pass-1",
      plan: signup.plan,
      timezone: signup.timezone,
    });
    expect((await getAccountOrThrow(accountId)).timezone).toBe("Europe/Paris");
    expect(await getMember(accountId, userId)).toMatchObject({ timeZone: "Europe/Paris" });
    expect(await getUserTimeZone(userId)).toBe("Europe/Paris");

    const staff = await addUserToAccount({
      accountId,
      email: `tz-staff-${unique()}@x.test`,
      name: "Sam Staff",
      password: "staff-pass-1",
      role: "staff",
    });
    expect(await getUserTimeZone(staff.userId)).toBeNull();
    expect(await getMember(accountId, staff.userId)).toMatchObject({ timeZone: "Europe/Paris" });

    await setUserTimeZone(staff.userId, { timezone: "America/New_York" });
    expect(await getMember(accountId, staff.userId)).toMatchObject({ timeZone: "America/New_York" });
    await setUserTimeZone(staff.userId, { timezone: "" });
    expect(await getUserTimeZone(staff.userId)).toBeNull();
    await expect(setUserTimeZone(staff.userId, { timezone: "Mars/Olympus" })).rejects.toThrow(
      "Choose a time zone from the list.",
    );
  });

  it("keeps the defaults when the browser sends no zone or one the server does not know", () => {
    const base = { agencyName: "A", name: "B", email: "b@x.test", plan: "agency" };
    expect(signupSchema.parse(base).timezone).toBeUndefined();
    expect(signupSchema.parse({ ...base, timezone: "Not/AZone" }).timezone).toBeUndefined();
  });
});
