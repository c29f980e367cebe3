import { describe, expect, it } from "vitest";
import { formatPhone } from "@/components/ui/format-phone";

describe("formatPhone (the leads list's phone column)", () => {
  it("shows a number of the account's country in its national format", () => {
    expect(formatPhone("+14155550123", "US")).toBe("(415) 555-0123");
    expect(formatPhone("+442079460958", "GB")).toBe("020 7946 0958");
    expect(formatPhone("+33612345678", "FR")).toBe("06 12 34 56 78");
  });

  it("shows a foreign number in international format, with its country code", () => {
    expect(formatPhone("+442079460958", "US")).toBe("+44 20 7946 0958");
    expect(formatPhone("+14155550123", "FR")).toBe("+1 415 555 0123");
  });

  it("reads the account's country in any case", () => {
    expect(formatPhone("+14155550123", "us")).toBe("(415) 555-0123");
  });

  it("keeps text that is not a phone number as stored", () => {
    expect(formatPhone("not a phone", "US")).toBe("not a phone");
    expect(formatPhone("+1415", "US")).toBe("+1415");
  });
});
