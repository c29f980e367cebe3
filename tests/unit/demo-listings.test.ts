import { describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/seed/demo-data";
import { SQ_FT_PER_SQM } from "@/lib/properties/area-units";
import { demoAreaSqm, demoListings } from "@/lib/seed/demo-listings";

// The demo's listings read like an agency's book: no lot with bedrooms or for rent, no two
// listings with one title, rents that are rents, and areas that are round in the account's unit.

describe("demo listings", () => {
  const listings = demoListings(seededRandom(1), 300, "US");

  it("never makes a lot for rent, or a lot or a shop with bedrooms", () => {
    for (const l of listings) {
      if (l.type === "land") expect([l.listingType, l.bedrooms, l.bathrooms]).toEqual(["sale", null, null]);
      if (l.type === "commercial") expect(l.bedrooms).toBeNull();
      if (l.type === "house") expect(l.bedrooms).toBeGreaterThanOrEqual(2);
      if (l.bedrooms !== null) expect(l.bedrooms).toBeLessThanOrEqual(5);
    }
    expect(new Set(listings.map((l) => l.type))).toEqual(new Set(["house", "apartment", "land", "commercial"]));
  });

  it("gives every listing its own title, naming its own street", () => {
    expect(new Set(listings.map((l) => l.title)).size).toBe(listings.length);
    for (const l of listings) expect(l.title).toContain(l.street.replace(/^\d+ /, ""));
    const studio = listings.find((l) => l.bedrooms === 0);
    expect(studio?.type).toBe("apartment");
    expect(studio?.title).toMatch(/studio/);
  });

  it("prices a rental by the month and a sale as a sale", () => {
    for (const l of listings) {
      if (l.listingType === "rent") expect(l.price).toBeLessThan(20_000);
      else expect(l.price).toBeGreaterThanOrEqual(200_000);
    }
  });

  it("measures a US account's listings in round square feet, another country's in round m²", () => {
    for (const l of listings) expect(Math.round(l.areaSqm * SQ_FT_PER_SQM) % 10).toBe(0);
    expect(demoAreaSqm(1_250, "US")).toBe(116.13);
    expect(Math.round(116.13 * SQ_FT_PER_SQM)).toBe(1_250);
    const french = demoListings(seededRandom(2), 50, "FR");
    for (const l of french) expect(l.areaSqm % 5).toBe(0);
    expect(demoAreaSqm(1_250, "FR")).toBe(115);
  });

  it("is the same on every seed", () => {
    expect(demoListings(seededRandom(1), 300, "US")).toEqual(listings);
  });
});
