import { describe, expect, it } from "vitest";
import { loginErrorMessage } from "@/lib/auth/login-error-message";
import { addressLockedCode, lockedCode } from "@/lib/auth/sign-in-codes";

describe("sign-in error words", () => {
  it("names which lock refused the sign-in: the email's or the address's", () => {
    const now = Date.now();
    expect(loginErrorMessage(lockedCode(new Date(now + 5 * 60_000)), now)).toMatch(/for this email.*5 more minutes/);
    expect(loginErrorMessage(addressLockedCode(new Date(now + 60_000)), now)).toMatch(
      /from your network.*1 more minute;/,
    );
  });
});
